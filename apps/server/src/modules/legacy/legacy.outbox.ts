import type { MailOutbox } from '../../platform/mail/outbox';
import type { MailOutboxRow } from '../../platform/mail/mail.schema';
import { legacyMails, type LegacyMailKind, type RenderedMail } from '../../platform/mail/templates';
import type { LegacyRepo } from './legacy.repo';
import { legacyToken } from './legacy.tokens';

export interface OutboxDeps {
  repo: LegacyRepo;
  outbox: MailOutbox;
  secret: string;
  publicUrl: string;
}

const fullName = (o: { firstName: string; lastName: string }) => `${o.firstName} ${o.lastName}`.trim();
const num = (value: unknown) => (typeof value === 'number' ? value : -1);

/**
 * Turns one outbox row into its e-mail, reading the rows it names now (a link's token is derived from
 * its row's nonce; a contact removed since then gets nothing). Null: nothing to send any more.
 */
async function compose(deps: OutboxDeps, mail: MailOutboxRow): Promise<RenderedMail | null> {
  const { repo, secret, publicUrl } = deps;
  const p = mail.params;
  const owner = mail.accountId === null ? null : await repo.owner(mail.accountId);
  if (!owner) return null;
  const ownerName = fullName(owner);
  const kind = mail.kind.replace(/^legacy\./, '') as LegacyMailKind;
  const contact = async () => {
    const rows = await repo.contactsOf(owner.id);
    return rows.find((c) => c.id === num(p.contactId)) ?? null;
  };
  const contactUrl = (nonce: string) =>
    `${publicUrl}/legacy/contact/${legacyToken(secret, 'contact', nonce)}`;
  const aliveUrl = async () => {
    const token = await repo.aliveTokenById(num(p.aliveTokenId));
    return token ? `${publicUrl}/legacy/alive/${legacyToken(secret, 'alive', token.tokenNonce)}` : null;
  };
  switch (kind) {
    case 'contact-role': {
      const c = await contact();
      if (!c) return null;
      return legacyMails.contactRole({
        contactName: c.name,
        ownerName,
        contactUrl: contactUrl(c.tokenNonce),
      });
    }
    case 'contact-report': {
      const c = await contact();
      const report = await repo.reportById(num(p.reportId));
      if (!c || !report) return null;
      return legacyMails.contactReport({
        contactName: c.name,
        ownerName,
        releaseAt: report.releaseAt,
        contactUrl: contactUrl(c.tokenNonce),
      });
    }
    case 'contact-release': {
      const c = await contact();
      if (!c?.watchNonce) return null;
      return legacyMails.contactRelease({
        contactName: c.name,
        ownerName,
        watchUrl: `${publicUrl}/watch/${legacyToken(secret, 'watch', c.watchNonce)}`,
      });
    }
    case 'reporter-cancelled':
      return legacyMails.reporterCancelled({
        reporterName: typeof p.name === 'string' ? p.name : null,
        ownerName,
      });
    case 'owner-report':
    case 'owner-reminder': {
      const report = await repo.reportById(num(p.reportId));
      const url = await aliveUrl();
      if (!report || report.state !== 'waiting' || !url) return null;
      return legacyMails.ownerReport({
        kind,
        firstName: owner.firstName,
        reporterName: report.reporterName,
        relation: report.relation,
        releaseAt: report.releaseAt,
        aliveUrl: url,
      });
    }
    case 'contact-resealed': {
      const c = await contact();
      if (!c) return null;
      return legacyMails.contactResealed({ contactName: c.name, ownerName });
    }
    case 'home-resealed':
      return legacyMails.homeResealed({
        homeName: typeof p.homeName === 'string' ? p.homeName : '',
        ownerName,
        published: p.published === 1,
      });
    case 'owner-halted':
      return legacyMails.ownerHalted({
        firstName: owner.firstName,
        reason: typeof p.reason === 'string' ? p.reason : '',
      });
    case 'check-in':
    case 'check-in-reminder': {
      const url = await aliveUrl();
      if (!url) return null;
      const endsAt = typeof p.endsAt === 'string' ? new Date(p.endsAt) : null;
      return legacyMails.checkIn({ kind, firstName: owner.firstName, endsAt, aliveUrl: url });
    }
  }
  return null;
}

/** Sends one outbox row once: a row already sent (a retried job) or with nothing left to say is skipped. */
export function sendOutboxMail(deps: OutboxDeps, mailId: number): Promise<'sent' | 'skipped'> {
  return deps.outbox.deliver(mailId, (row) => compose(deps, row));
}
