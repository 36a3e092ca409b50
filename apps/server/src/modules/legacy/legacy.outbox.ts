import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail/mailer';
import type { LegacyRepo } from './legacy.repo';
import type { LegacyMailRow } from './legacy.schema';
import { SUBJECTS, letter, whenText, type MailKind } from './legacy.mail';
import { legacyToken } from './legacy.tokens';
import { LEGACY_MESSAGES } from '@pw/contracts';

export interface OutboxDeps {
  repo: LegacyRepo;
  mailer: Mailer;
  clock: Clock;
  secret: string;
  publicUrl: string;
}

const fullName = (o: { firstName: string; lastName: string }) => `${o.firstName} ${o.lastName}`.trim();
const num = (value: unknown) => (typeof value === 'number' ? value : -1);

/**
 * Turns one outbox row into its e-mail, reading the rows it names now (a link's token is derived from
 * its row's nonce; a contact removed since then gets nothing). Null: nothing to send any more.
 */
async function compose(deps: OutboxDeps, mail: LegacyMailRow) {
  const { repo, secret, publicUrl } = deps;
  const p = mail.params;
  const owner = await repo.owner(mail.ownerId);
  if (!owner) return null;
  const ownerName = fullName(owner);
  const kind = mail.kind as MailKind;
  const subject = SUBJECTS[kind];
  const base = { to: mail.toEmail, subject };
  const contact = async () => {
    const rows = await repo.contactsOf(mail.ownerId);
    return rows.find((c) => c.id === num(p.contactId)) ?? null;
  };
  const aliveUrl = async () => {
    const token = await repo.aliveTokenById(num(p.aliveTokenId));
    return token ? `${publicUrl}/legacy/alive/${legacyToken(secret, 'alive', token.tokenNonce)}` : null;
  };
  switch (kind) {
    case 'contact-role': {
      const c = await contact();
      if (!c) return null;
      return letter({
        ...base,
        name: c.name,
        paragraphs: [
          `${ownerName} has named you a trusted contact on Parting Words. They left a final message, which is released only after their passing is confirmed.`,
          'If they pass away, you can report it from the page below, without an account. They are told at once and can cancel a report; if nobody cancels within their waiting period, the message is released and you receive a private link to it.',
          'Please open the page and accept this role.',
        ],
        link: {
          label: 'Open your trusted contact page',
          url: `${publicUrl}/legacy/contact/${legacyToken(secret, 'contact', c.tokenNonce)}`,
        },
      });
    }
    case 'contact-report': {
      const c = await contact();
      const report = await repo.reportById(num(p.reportId));
      if (!c || !report) return null;
      return letter({
        ...base,
        name: c.name,
        paragraphs: [
          `The passing of ${ownerName} has been reported on Parting Words.`,
          `Their final message will be released on ${whenText(report.releaseAt)} unless the report is cancelled before then.`,
        ],
        link: {
          label: 'Open your trusted contact page',
          url: `${publicUrl}/legacy/contact/${legacyToken(secret, 'contact', c.tokenNonce)}`,
        },
      });
    }
    case 'contact-release': {
      const c = await contact();
      if (!c?.watchNonce) return null;
      return letter({
        ...base,
        name: c.name,
        paragraphs: [
          `${ownerName} left a final message, and you are one of their trusted contacts.`,
          'This link is personal: anyone who has it can watch the message, so share it only with people you trust.',
        ],
        link: {
          label: 'Watch the message',
          url: `${publicUrl}/watch/${legacyToken(secret, 'watch', c.watchNonce)}`,
        },
      });
    }
    case 'reporter-cancelled':
      return letter({
        ...base,
        name: typeof p.name === 'string' ? p.name : null,
        paragraphs: [
          `The report of the passing of ${ownerName} you made on Parting Words has been cancelled.`,
        ],
      });
    case 'owner-report':
    case 'owner-reminder': {
      const report = await repo.reportById(num(p.reportId));
      const url = await aliveUrl();
      if (!report || report.state !== 'waiting' || !url) return null;
      return letter({
        ...base,
        name: owner.firstName,
        paragraphs: [
          `${report.reporterName} (${report.relation}) reported your passing on Parting Words.`,
          `If nobody cancels it, your final message will be released on ${whenText(report.releaseAt)}.`,
          'If you are alive, press the button below and then confirm on the page: the report is cancelled. You can also cancel it in the app after signing in.',
        ],
        link: { label: LEGACY_MESSAGES.aliveButton, url },
      });
    }
    case 'owner-halted':
      return letter({
        ...base,
        name: owner.firstName,
        paragraphs: [
          'An administrator halted the release of your final message after a reported passing.',
          `Reason: ${typeof p.reason === 'string' ? p.reason : ''}`,
        ],
      });
    case 'check-in':
    case 'check-in-reminder': {
      const url = await aliveUrl();
      if (!url) return null;
      const endsAt = typeof p.endsAt === 'string' ? new Date(p.endsAt) : null;
      return letter({
        ...base,
        name: owner.firstName,
        paragraphs: [
          'You asked Parting Words to check in with you from time to time. Please confirm you are there.',
          endsAt
            ? `If you do not answer by ${whenText(endsAt)}, the release of your final message starts as if your passing had been reported.`
            : '',
        ].filter(Boolean),
        link: { label: "I'm here", url },
      });
    }
  }
  return null;
}

/** Sends one outbox row once: a row already sent (a retried job) or with nothing left to say is skipped. */
export async function sendOutboxMail(deps: OutboxDeps, mailId: number): Promise<'sent' | 'skipped'> {
  const mail = await deps.repo.mailById(mailId);
  if (!mail || mail.sentAt) return 'skipped';
  const message = await compose(deps, mail);
  if (!message) {
    await deps.repo.markMailSent(mailId, deps.clock.now());
    return 'skipped';
  }
  const host = new URL(deps.publicUrl).hostname || 'partingwords.local';
  // Stable: a copy sent again after a crash between the send and the mark is recognisably the same.
  await deps.mailer.send({
    ...message,
    messageId: `<legacy-${mail.id}.${mail.createdAt.getTime()}@${host}>`,
  });
  await deps.repo.markMailSent(mailId, deps.clock.now());
  return 'sent';
}
