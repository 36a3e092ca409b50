import { mailOf } from '../../platform/mail/define';
import { contactRoleMail } from './legacy.mails';
import type { z } from 'zod';
import {
  REPORT_CANCELLED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  type AdminLegacyItem,
  type AdminLegacyListQuery,
  type ContactPage,
  type LegacyReport,
  type LegacySettings,
  type legacySettingsBody,
  type reportPassingBody,
  notificationKinds,
} from '@pw/contracts';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { OutboundMailLimit } from '../../platform/rate-limit/outbound-mail';
import type { AuthAccount } from '../accounts';
import { inTx, queueMails, type LegacyDeps } from './legacy.context';
import { createReseal } from './legacy.reseal';
import type { LegacyReportRow } from './legacy.schema';
import { hashToken, legacyToken, newLink } from './legacy.tokens';
import { addDays, DAYS_PER_MONTH } from './legacy.units';
import type { Reporter, Reports } from './legacy.reports';
import { isActiveAccount } from '../accounts';

export const ALREADY_AVAILABLE_MESSAGE = 'This message is already available with its access code.';
export const CONTACT_CONFIRMED_MESSAGE = 'Thank you. You are now a trusted contact.';
export const ALIVE_MESSAGE = 'Thank you. We are glad you are here.';
export const RELEASED_USE_RESEAL_MESSAGE =
  'Your final message has already been released. You can seal it again from this page.';
const LINK_GONE = 'This link is no longer valid.';
const LOG_SIZE = 100;

export const toReport = (row: LegacyReportRow): LegacyReport => ({
  id: row.id,
  state: row.state,
  reporter_kind: row.reporterKind,
  reporter_name: row.reporterName,
  relation: row.relation,
  note: row.note,
  reported_at: row.reportedAt.toISOString(),
  release_at: row.releaseAt.toISOString(),
  ended_at: row.endedAt ? row.endedAt.toISOString() : null,
});

type SettingsInput = z.output<typeof legacySettingsBody>;
type ReportInput = z.output<typeof reportPassingBody>;

/** The owner's settings and pages, the reports' doors (code, contact link, alive link), the back office. */
export function createLegacyService(
  deps: LegacyDeps & { reports: Reports; publicUrl: string; mailLimit: OutboundMailLimit },
) {
  const { db, repo, clock, secret, unitMs, needs, reports, publicUrl, mailLimit } = deps;
  const reseal = createReseal(deps);

  async function view(ownerId: number): Promise<LegacySettings> {
    const [settings, contacts, waiting, log] = await Promise.all([
      repo.settingsOf(ownerId),
      repo.contactsOf(ownerId),
      repo.waitingReport(ownerId),
      repo.logOf(ownerId, LOG_SIZE),
    ]);
    return {
      contacts: contacts.map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        confirmed_at: c.confirmedAt ? c.confirmedAt.toISOString() : null,
      })),
      waiting_period_days: settings?.waitingPeriodDays ?? 3,
      check_in_months: settings?.checkInMonths ?? 0,
      available_at_once: settings?.availableAtOnce ?? false,
      state: settings?.state ?? 'sealed',
      next_check_in_at: settings?.nextCheckInAt ? settings.nextCheckInAt.toISOString() : null,
      open_report: waiting ? toReport(waiting) : null,
      log: log.map((entry) => ({ at: entry.at.toISOString(), text: entry.text })),
    };
  }

  async function contactByToken(token: string) {
    const found = token ? await repo.contactByTokenHash(hashToken(token)) : null;
    if (!found || !isActiveAccount(found.owner)) throw notFound(LINK_GONE);
    return found;
  }

  async function contactPage(found: Awaited<ReturnType<typeof contactByToken>>): Promise<ContactPage> {
    const settings = await repo.settingsOf(found.owner.id);
    const { contact } = found;
    return {
      owner_first_name: found.owner.firstName,
      owner_name: `${found.owner.firstName} ${found.owner.lastName}`.trim(),
      contact_name: contact.name,
      confirmed: contact.confirmedAt !== null,
      state: settings?.state ?? 'sealed',
      watch_url: contact.watchNonce
        ? `${publicUrl}/watch/${legacyToken(secret, 'watch', contact.watchNonce)}`
        : null,
    };
  }

  async function aliveByToken(token: string) {
    const found = token ? await repo.aliveByTokenHash(hashToken(token)) : null;
    if (!found || !isActiveAccount(found.owner)) throw notFound(LINK_GONE);
    return found;
  }

  const reported = (state: 'waiting' | 'released') =>
    state === 'released'
      ? { message: ALREADY_AVAILABLE_MESSAGE, data: { state } }
      : { message: REPORT_RECEIVED_MESSAGE, data: { state } };

  return {
    view,

    /** A role link's owner and whether the contact accepted it; null for a link that opens nothing. */
    async contactByLink(token: string): Promise<{ ownerId: number; confirmed: boolean } | null> {
      const found = token ? await repo.contactByTokenHash(hashToken(token)) : null;
      if (!found || !isActiveAccount(found.owner)) return null;
      return { ownerId: found.owner.id, confirmed: found.contact.confirmedAt !== null };
    },

    /** Saves the settings whole: contacts matched by e-mail (new ones get their role e-mail), the rest. */
    async save(ownerId: number, input: SettingsInput): Promise<LegacySettings> {
      await inTx(db, async (tx) => {
        const settings = await repo.lockSettings(ownerId, tx);
        const now = clock.now();
        const existing = await repo.contactsOf(ownerId, tx);
        const keep: number[] = [];
        const added: Array<{ id: number; email: string }> = [];
        for (const wanted of input.contacts) {
          const email = wanted.email.toLowerCase();
          const known = existing.find((c) => c.email === email);
          if (known) {
            keep.push(known.id);
            if (known.name !== wanted.name) await repo.updateContact(known.id, { name: wanted.name }, tx);
            continue;
          }
          const link = newLink(secret, 'contact');
          const row = await repo.insertContact(
            {
              ownerId,
              name: wanted.name,
              email,
              tokenNonce: link.nonce,
              tokenHash: link.hash,
              createdAt: now,
            },
            tx,
          );
          keep.push(row.id);
          added.push({ id: row.id, email });
        }
        await repo.deleteContactsExcept(ownerId, keep, tx);
        const removed = existing.filter((c) => !keep.includes(c.id));
        const state =
          settings.state === 'released'
            ? 'released'
            : input.available_at_once
              ? 'open'
              : settings.state === 'open'
                ? 'sealed'
                : settings.state;
        await repo.updateSettings(
          ownerId,
          {
            state,
            waitingPeriodDays: input.waiting_period_days,
            checkInMonths: input.check_in_months,
            availableAtOnce: input.available_at_once,
            // A signed-in save answers a check-in: the next interval starts now.
            nextCheckInAt:
              input.check_in_months > 0 ? addDays(now, input.check_in_months * DAYS_PER_MONTH, unitMs) : null,
            checkInSentAt: null,
            checkInReminders: 0,
          },
          tx,
        );
        // The role e-mails are counted in this transaction: a refusal (429) saves nothing of the form.
        await mailLimit.take(
          ownerId,
          added.map((c) => c.email),
          'trusted-contact',
          tx,
        );
        for (const c of added) await repo.log(ownerId, now, `You named ${c.email} a trusted contact.`, tx);
        for (const c of removed)
          await repo.log(ownerId, now, `You removed ${c.email} as a trusted contact.`, tx);
        if (settings.availableAtOnce !== input.available_at_once)
          await repo.log(
            ownerId,
            now,
            input.available_at_once
              ? 'You chose that the access code opens your final message at once.'
              : 'You chose that your final message is released only after a confirmed passing.',
            tx,
          );
        await queueMails(
          deps,
          ownerId,
          added.map((c) => ({ to: c.email, mail: mailOf(contactRoleMail, { contactId: c.id }) })),
          tx,
        );
      });
      return view(ownerId);
    },

    /** The role e-mail again, with a new link (the old one stops). */
    async resend(ownerId: number, contactId: number): Promise<LegacySettings> {
      await inTx(db, async (tx) => {
        await repo.lockSettings(ownerId, tx);
        const contact = (await repo.contactsOf(ownerId, tx)).find((c) => c.id === contactId);
        if (!contact) throw notFound('Trusted contact not found.');
        await mailLimit.take(ownerId, [contact.email], 'trusted-contact-resend', tx);
        // A new link replaces the old one, which stops.
        const link = newLink(secret, 'contact');
        await repo.updateContact(contact.id, { tokenNonce: link.nonce, tokenHash: link.hash }, tx);
        await queueMails(
          deps,
          ownerId,
          [{ to: contact.email, mail: mailOf(contactRoleMail, { contactId: contact.id }) }],
          tx,
        );
      });
      return view(ownerId);
    },

    /** The signed-in owner cancels the waiting report (signing in alone cancels nothing). */
    async cancel(ownerId: number): Promise<LegacySettings> {
      await reports.cancel(ownerId, 'signed in');
      return view(ownerId);
    },

    /** A code holder (signed in) or a listed funeral home reports the passing of the code's author. */
    async reportByCode(caller: AuthAccount, code: string, input: ReportInput) {
      const found = await needs.finalByAccessCode(code);
      if (!found) throw notFound('No final message has this access code.');
      if (found.ownerId === caller.id) throw forbidden('You cannot report your own passing.');
      const home = caller.type === 'funeral-home';
      if (home && !(await needs.isListedHome(caller.id)))
        throw forbidden('Only a listed funeral home can report a passing.');
      const me = await repo.owner(caller.id);
      const reporter: Reporter = {
        kind: home ? 'funeral-home' : 'code-holder',
        name: home && me?.homeName ? me.homeName : `${caller.firstName} ${caller.lastName}`.trim(),
        relation: input.relation,
        note: input.note ?? null,
        userId: caller.id,
      };
      return reported(await reports.open(found.ownerId, reporter));
    },

    async contactPage(token: string): Promise<ContactPage> {
      return contactPage(await contactByToken(token));
    },

    async confirmContact(token: string): Promise<ContactPage> {
      const found = await contactByToken(token);
      const now = clock.now();
      // Conditional: a double click confirms, logs and tells the owner once.
      if (!found.contact.confirmedAt)
        await inTx(db, async (tx) => {
          if (!(await repo.confirmContact(found.contact.id, now, tx))) return;
          const { name, email } = found.contact;
          await repo.log(found.owner.id, now, `${email} accepted the role of trusted contact.`, tx);
          await needs.notifications.notify(
            found.owner.id,
            {
              kind: notificationKinds.legacyContactConfirmed,
              title: 'A trusted contact accepted',
              body: `${name} (${email}) accepted the role of trusted contact for your final message.`,
              data: { contact_id: found.contact.id },
            },
            tx,
          );
        });
      found.contact.confirmedAt ??= now;
      return contactPage(found);
    },

    async reportByContact(token: string, input: ReportInput) {
      const { contact, owner } = await contactByToken(token);
      const reporter: Reporter = {
        kind: 'trusted-contact',
        name: contact.name,
        relation: input.relation,
        note: input.note ?? null,
        contactId: contact.id,
      };
      return reported(await reports.open(owner.id, reporter));
    },

    /**
     * The alive page shows; it changes nothing (mail scanners follow links). While a report waits it says
     * when the release will happen; once released, when it happened (the owner may seal it again).
     */
    async alivePage(token: string) {
      const { token: row, owner } = await aliveByToken(token);
      const [waiting, settings] = await Promise.all([
        repo.waitingReport(owner.id),
        repo.settingsOf(owner.id),
      ]);
      const released = settings?.state === 'released' && row.reportId !== null;
      const report = released ? await repo.reportById(row.reportId!) : null;
      return {
        first_name: owner.firstName,
        open_report: waiting !== null,
        purpose: row.purpose,
        release_at: waiting ? waiting.releaseAt.toISOString() : null,
        released_at: report?.endedAt ? report.endedAt.toISOString() : null,
      };
    },

    /** The owner, alive after a release, seals the message again from the report's alive link. */
    async resealByAlive(token: string) {
      const { owner } = await aliveByToken(token);
      return reseal(owner.id, "the 'I'm alive' link");
    },

    /** The signed-in owner seals their released message again. */
    resealSignedIn: (ownerId: number) => reseal(ownerId, 'signed in'),

    /** The owner's "I'm alive": cancels the waiting report, answers the check-in. */
    async alive(token: string) {
      const { token: row, owner } = await aliveByToken(token);
      // Released already: "I'm alive" is the seal-again step, which says what it undoes (its own call).
      if ((await repo.settingsOf(owner.id))?.state === 'released')
        throw conflict(RELEASED_USE_RESEAL_MESSAGE);
      const waiting = await repo.waitingReport(owner.id);
      if (waiting) {
        await reports.cancel(owner.id, "the 'I'm alive' link");
        return REPORT_CANCELLED_MESSAGE;
      }
      await inTx(db, async (tx) => {
        const settings = await repo.lockSettings(owner.id, tx);
        const now = clock.now();
        await repo.endAliveTokens(owner.id, now, tx);
        await reports.restartCheckIns(settings, now, tx);
        await repo.log(
          owner.id,
          now,
          row.purpose === 'check-in' ? 'You answered a check-in.' : 'You confirmed you are alive.',
          tx,
        );
      });
      return ALIVE_MESSAGE;
    },

    async adminList(query: AdminLegacyListQuery): Promise<{ items: AdminLegacyItem[]; total: number }> {
      const { rows, total } = await repo.list(query);
      const owners = await repo.ownersByIds([...new Set(rows.map((row) => row.ownerId))]);
      const items = rows.map((row) => {
        const o = owners.find((x) => x.id === row.ownerId)!;
        return {
          ...toReport(row),
          owner: { id: o.id, first_name: o.firstName, last_name: o.lastName, email: o.email },
        };
      });
      return { items, total };
    },

    async halt(reportId: number, reason: string): Promise<AdminLegacyItem> {
      const row = await reports.halt(reportId, reason);
      const [o] = await repo.ownersByIds([row.ownerId]);
      return {
        ...toReport(row),
        owner: { id: o!.id, first_name: o!.firstName, last_name: o!.lastName, email: o!.email },
      };
    },
  };
}

export type LegacyService = ReturnType<typeof createLegacyService>;
