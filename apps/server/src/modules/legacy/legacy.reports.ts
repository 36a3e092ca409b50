import { mailOf } from '../../platform/mail/define';
import {
  contactReleaseMail,
  contactMemorialMail,
  contactReportMail,
  ownerHaltedMail,
  ownerReminderMail,
  ownerReportedMail,
  reporterCancelledMail,
} from './legacy.mails';
import { notificationKinds, type ReporterKind, LEGACY_MESSAGES } from '@pw/contracts';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { inTx, queueMails, type LegacyDeps } from './legacy.context';
import { whenText } from '../../platform/mail/templates';
import { enqueueRelease } from './legacy.queue';
import type { LegacyReportRow, LegacySettingsRow } from './legacy.schema';
import { hashToken, legacyToken, newLink, newNonce } from './legacy.tokens';
import { addDays, DAYS_PER_MONTH } from './legacy.units';

export interface Reporter {
  kind: ReporterKind;
  name: string;
  relation: string;
  note: string | null;
  userId?: number;
  contactId?: number;
}

/** Where the message stands once a report ends without release: the owner's standing choice. */
const restingState = (settings: LegacySettingsRow) => (settings.availableAtOnce ? 'open' : 'sealed');

/**
 * The rules of a report's life (decision 0249): open (or join), cancel by the owner, halt by an admin,
 * release once at its end. Each runs in one transaction with the e-mails and jobs it causes.
 */
export function createReports(deps: LegacyDeps) {
  const { db, repo, queue, clock, secret, unitMs, needs } = deps;

  /** The owner proved alive: the next check-in interval starts now (when check-ins are on). */
  async function restartCheckIns(settings: LegacySettingsRow, now: Date, tx: Db) {
    if (settings.checkInMonths === 0) return;
    await repo.updateSettings(
      settings.userId,
      {
        nextCheckInAt: addDays(now, settings.checkInMonths * DAYS_PER_MONTH, unitMs),
        checkInSentAt: null,
        checkInReminders: 0,
      },
      tx,
    );
  }

  /** Opens a report, or joins the waiting one; 'released' when the code already opens the message. */
  async function openIn(tx: Db, ownerId: number, reporter: Reporter): Promise<'waiting' | 'released'> {
    {
      const settings = await repo.lockSettings(ownerId, tx);
      if (settings.state === 'open' || settings.state === 'released') return 'released';
      const now = clock.now();
      const reporterRow = {
        kind: reporter.kind,
        name: reporter.name,
        relation: reporter.relation,
        note: reporter.note,
        userId: reporter.userId ?? null,
        contactId: reporter.contactId ?? null,
        reportedAt: now,
      };
      const waiting = await repo.waitingReport(ownerId, tx);
      if (waiting) {
        // A second report joins the first: the period is not restarted; the same person twice is once.
        const known = await repo.reportersOf(waiting.id, tx);
        const same = known.some(
          (k) =>
            (reporter.userId && k.userId === reporter.userId) ||
            (reporter.contactId && k.contactId === reporter.contactId),
        );
        if (!same) {
          await repo.insertReporter({ reportId: waiting.id, ...reporterRow }, tx);
          await repo.log(
            ownerId,
            now,
            `${reporter.name} (${reporter.relation}) also reported your passing.`,
            tx,
          );
        }
        return 'waiting';
      }
      const releaseAt = addDays(now, settings.waitingPeriodDays, unitMs);
      const report = await repo.insertReport(
        {
          ownerId,
          state: 'waiting',
          reporterKind: reporter.kind,
          reporterName: reporter.name,
          relation: reporter.relation,
          note: reporter.note,
          reportedAt: now,
          releaseAt,
          remindedAt: now,
        },
        tx,
      );
      await repo.insertReporter({ reportId: report.id, ...reporterRow }, tx);
      await repo.updateSettings(ownerId, { state: 'waiting' }, tx);
      const link = newLink(secret, 'alive');
      const alive = await repo.insertAliveToken(
        {
          ownerId,
          reportId: report.id,
          purpose: 'report',
          tokenNonce: link.nonce,
          tokenHash: link.hash,
          createdAt: now,
        },
        tx,
      );
      const owner = await repo.owner(ownerId, tx);
      const contacts = await repo.contactsOf(ownerId, tx);
      await queueMails(
        deps,
        ownerId,
        [
          {
            to: owner!.email,
            mail: mailOf(ownerReportedMail, { reportId: report.id, aliveTokenId: alive.id }),
          },
          ...contacts
            .filter((c) => c.id !== reporter.contactId)
            .map((c) => ({
              to: c.email,
              mail: mailOf(contactReportMail, { contactId: c.id, reportId: report.id }),
            })),
        ],
        tx,
      );
      await needs.notifications.notify(
        ownerId,
        {
          kind: notificationKinds.legacyReported,
          title: LEGACY_MESSAGES.yourPassingReported,
          body: `${reporter.name} (${reporter.relation}) reported your passing. Unless you cancel it, your final message will be released on ${whenText(releaseAt)}. Cancel it in 'Release of my final message'.`,
          data: { report_id: report.id },
        },
        tx,
      );
      await repo.log(
        ownerId,
        now,
        `${reporter.name} (${reporter.relation}) reported your passing; release on ${whenText(releaseAt)} unless cancelled.`,
        tx,
      );
      await enqueueRelease(queue, report.id, releaseAt, tx);
      return 'waiting';
    }
  }

  const open = (ownerId: number, reporter: Reporter) => inTx(db, (tx) => openIn(tx, ownerId, reporter));

  /** Tells everyone who reported that the report was cancelled (not by whom, not why). */
  async function tellReporters(report: LegacyReportRow, now: Date, tx: Db) {
    const reporters = await repo.reportersOf(report.id, tx);
    const contacts = await repo.contactsOf(report.ownerId, tx);
    const mails = reporters.flatMap((r) => {
      const contact = contacts.find((c) => c.id === r.contactId);
      return contact
        ? [{ to: contact.email, mail: mailOf(reporterCancelledMail, { name: contact.name }) }]
        : [];
    });
    await queueMails(deps, report.ownerId, mails, tx);
    const accounts = reporters.flatMap((r) => (r.userId ? [r.userId] : []));
    if (accounts.length)
      await needs.notifications.notify(
        accounts,
        {
          kind: notificationKinds.legacyCancelled,
          title: 'The report has been cancelled',
          body: 'The report of a passing you made has been cancelled.',
          email: true,
        },
        tx,
      );
  }

  /** The owner's own act (the alive link's POST, or signed in): cancels the waiting report. */
  async function cancel(ownerId: number, how: string): Promise<void> {
    await inTx(db, async (tx) => {
      const settings = await repo.lockSettings(ownerId, tx);
      const waiting = await repo.waitingReport(ownerId, tx);
      if (!waiting) throw notFound('There is no open report to cancel.');
      const now = clock.now();
      const ended = await repo.endReport(waiting.id, 'cancelled', now, null, tx);
      if (!ended) throw notFound('There is no open report to cancel.');
      await repo.updateSettings(ownerId, { state: restingState(settings) }, tx);
      await repo.endAliveTokens(ownerId, now, tx);
      await restartCheckIns(settings, now, tx);
      await repo.log(ownerId, now, `You cancelled the report (${how}).`, tx);
      await tellReporters(ended, now, tx);
    });
  }

  /** An administrator halts a disputed release before it happens; the owner is told, with the reason. */
  async function halt(reportId: number, reason: string): Promise<LegacyReportRow> {
    return inTx(db, async (tx) => {
      const report = reportId > 0 ? await repo.reportById(reportId, tx) : null;
      if (!report) throw notFound('Report not found.');
      const settings = await repo.lockSettings(report.ownerId, tx);
      const now = clock.now();
      const ended = await repo.endReport(report.id, 'halted', now, reason, tx);
      if (!ended) throw notFound('This report is no longer waiting: only a waiting release can be halted.');
      await repo.updateSettings(report.ownerId, { state: restingState(settings) }, tx);
      await repo.endAliveTokens(report.ownerId, now, tx);
      await repo.log(report.ownerId, now, `An administrator halted the release. Reason: ${reason}`, tx);
      const owner = await repo.owner(report.ownerId, tx);
      await queueMails(
        deps,
        report.ownerId,
        [{ to: owner!.email, mail: mailOf(ownerHaltedMail, { reason }) }],
        tx,
      );
      await needs.notifications.notify(
        report.ownerId,
        {
          kind: notificationKinds.legacyHalted,
          title: 'The release of your final message has been halted',
          body: `An administrator halted the release after a reported passing. Reason: ${reason}`,
        },
        tx,
      );
      return ended;
    });
  }

  /**
   * The release job's work, exactly once: the conditional update `waiting → released` (only once due)
   * takes the row for one caller only; that caller alone writes the contacts' watch links and e-mails,
   * in the same transaction. 'early': not yet due (the job is sent again for the due time).
   */
  async function release(reportId: number): Promise<'released' | 'skipped' | 'early'> {
    return inTx(db, async (tx) => {
      const now = clock.now();
      const report = await repo.reportById(reportId, tx);
      if (!report || report.state !== 'waiting') return 'skipped';
      if (report.releaseAt > now) {
        // Run early (the database's clock ahead of ours): again when our clock says it is due.
        const wait = Math.max(1000, report.releaseAt.getTime() - now.getTime());
        await enqueueRelease(queue, report.id, new Date(Date.now() + wait), tx);
        return 'early';
      }
      await repo.lockSettings(report.ownerId, tx);
      const ended = await repo.endReport(report.id, 'released', now, null, tx);
      if (!ended) return 'skipped';
      await repo.updateSettings(report.ownerId, { state: 'released', resealedAt: null }, tx);
      // The report's alive link stays: an owner alive after all seals the message again from it (§6.6).
      await repo.log(
        report.ownerId,
        now,
        'The waiting period ended without a cancel: the final message was released.',
        tx,
      );
      // The memorial page the owner chose appears with the release, never before (docs/product.md §6.9).
      const memorialPath = await needs.openMemorial(report.ownerId, tx);
      const videoId = await repo.finalVideoOf(report.ownerId, tx);
      const confirmed = (await repo.contactsOf(report.ownerId, tx)).filter((c) => c.confirmedAt);
      if (videoId === null) {
        // No message to watch, but the contacts still get the memorial page's address.
        if (memorialPath)
          await queueMails(
            deps,
            report.ownerId,
            confirmed.map((c) => ({ to: c.email, mail: mailOf(contactMemorialMail, { contactId: c.id }) })),
            tx,
          );
        return 'released';
      }
      for (const contact of confirmed) {
        const watchNonce = newNonce();
        const tokenHash = hashToken(legacyToken(secret, 'watch', watchNonce));
        await needs.recordWatchGrant(
          { videoId, grantedBy: report.ownerId, email: contact.email, tokenHash },
          tx,
        );
        await repo.updateContact(contact.id, { watchNonce }, tx);
      }
      await queueMails(
        deps,
        report.ownerId,
        confirmed.map((c) => ({
          to: c.email,
          mail: mailOf(contactReleaseMail, { contactId: c.id }),
        })),
        tx,
      );
      return 'released';
    });
  }

  /** The owner's daily reminder of a waiting report: once per unit-day, whatever the number of workers. */
  async function remind(report: LegacyReportRow): Promise<boolean> {
    return inTx(db, async (tx) => {
      const now = clock.now();
      const before = new Date(now.getTime() - unitMs);
      if (!(await repo.markReminded(report.id, now, before, tx))) return false;
      const alive = await repo.aliveTokenOfReport(report.id, tx);
      const owner = await repo.owner(report.ownerId, tx);
      if (!alive || !owner) return false;
      await queueMails(
        deps,
        report.ownerId,
        [
          {
            to: owner.email,
            mail: mailOf(ownerReminderMail, { reportId: report.id, aliveTokenId: alive.id }),
          },
        ],
        tx,
      );
      await needs.notifications.notify(
        report.ownerId,
        {
          kind: notificationKinds.legacyReminder,
          title: 'Reminder: your passing has been reported',
          body: `Unless you cancel it, your final message will be released on ${whenText(report.releaseAt)}.`,
          data: { report_id: report.id },
        },
        tx,
      );
      return true;
    });
  }

  return { open, openIn, cancel, halt, release, remind, restartCheckIns };
}

export type Reports = ReturnType<typeof createReports>;
