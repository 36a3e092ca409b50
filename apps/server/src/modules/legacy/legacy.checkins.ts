import { mailOf } from '../../platform/mail/define';
import { checkInMail, checkInReminderMail } from './legacy.mails';
import { CHECK_IN_REMINDER_DAYS } from '@pw/contracts';
import { inTx, queueMails, type LegacyDeps } from './legacy.context';
import type { Reports } from './legacy.reports';
import type { LegacySettingsRow } from './legacy.schema';
import { newLink } from './legacy.tokens';
import { addDays, CHECK_IN_GRACE_DAYS } from './legacy.units';

/**
 * Check-ins (decision 0249): every interval an 'I'm here' e-mail with an alive link; reminders 14 and 3
 * days before the 30-day grace period ends; no answer by then opens a check-in report. Each step is taken
 * under the settings row's lock and re-checked there, so two sweepers never send one twice.
 */
export function createCheckIns(deps: LegacyDeps & { reports: Reports }) {
  const { db, repo, clock, secret, unitMs, reports } = deps;
  const graceEnd = (s: LegacySettingsRow) => addDays(s.checkInSentAt!, CHECK_IN_GRACE_DAYS, unitMs);

  async function sendCheckIn(ownerId: number) {
    await inTx(db, async (tx) => {
      const s = await repo.lockSettings(ownerId, tx);
      const now = clock.now();
      if (s.state !== 'sealed' || s.checkInSentAt || !s.nextCheckInAt || s.nextCheckInAt > now) return;
      await repo.endAliveTokens(ownerId, now, tx);
      const link = newLink(secret, 'alive');
      const alive = await repo.insertAliveToken(
        { ownerId, purpose: 'check-in', tokenNonce: link.nonce, tokenHash: link.hash, createdAt: now },
        tx,
      );
      await repo.updateSettings(ownerId, { checkInSentAt: now, checkInReminders: 0 }, tx);
      const owner = await repo.owner(ownerId, tx);
      const endsAt = addDays(now, CHECK_IN_GRACE_DAYS, unitMs).toISOString();
      await queueMails(
        deps,
        ownerId,
        [{ to: owner!.email, mail: mailOf(checkInMail, { aliveTokenId: alive.id, endsAt }) }],
        tx,
      );
      await repo.log(ownerId, now, 'We sent you a check-in e-mail.', tx);
    });
  }

  /** A reminder when one is due, or the check-in report once the grace period is over. */
  async function followUp(ownerId: number) {
    await inTx(db, async (tx) => {
      const s = await repo.lockSettings(ownerId, tx);
      const now = clock.now();
      if (s.state !== 'sealed' || !s.checkInSentAt) return;
      const endsAt = graceEnd(s);
      if (now >= endsAt) {
        await repo.endAliveTokens(ownerId, now, tx);
        await repo.updateSettings(
          ownerId,
          { checkInSentAt: null, nextCheckInAt: null, checkInReminders: 0 },
          tx,
        );
        await repo.log(ownerId, now, 'Check-ins went unanswered: the release process started.', tx);
        await reports.openIn(tx, ownerId, {
          kind: 'check-in',
          name: 'Check-ins',
          relation: 'no answer to check-ins',
          note: null,
        });
        return;
      }
      // The latest reminder due (a sweeper that slept long sends the last one only).
      let due = -1;
      CHECK_IN_REMINDER_DAYS.forEach((days, i) => {
        if (now >= addDays(endsAt, -days, unitMs)) due = i;
      });
      if (due < s.checkInReminders) return;
      const alive = (await repo.aliveTokensOf(ownerId, tx)).find((t) => t.purpose === 'check-in');
      const owner = await repo.owner(ownerId, tx);
      await repo.updateSettings(ownerId, { checkInReminders: due + 1 }, tx);
      if (!alive || !owner) return;
      await queueMails(
        deps,
        ownerId,
        [
          {
            to: owner.email,
            mail: mailOf(checkInReminderMail, { aliveTokenId: alive.id, endsAt: endsAt.toISOString() }),
          },
        ],
        tx,
      );
    });
  }

  return {
    async sweep() {
      const now = clock.now();
      for (const s of await repo.checkInsDue(now, 200)) await sendCheckIn(s.userId);
      for (const s of await repo.checkInsOpen(500)) {
        const endsAt = graceEnd(s);
        const nextReminder = CHECK_IN_REMINDER_DAYS[s.checkInReminders];
        if (now >= endsAt || (nextReminder !== undefined && now >= addDays(endsAt, -nextReminder, unitMs)))
          await followUp(s.userId);
      }
    },
  };
}

export type CheckIns = ReturnType<typeof createCheckIns>;
