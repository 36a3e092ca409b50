import { z } from 'zod';
import { LEGACY_MESSAGES, MEMORIAL_MESSAGES } from '@pw/contracts';
import { render, whenText, type Block, type RenderedMail } from '../../platform/mail/templates';
import { defineMail, type Envelope } from '../../platform/mail/define';
import type { LegacyRepo } from './legacy.repo';
import { legacyToken } from './legacy.tokens';

/**
 * The e-mails of the legacy release (decision 0249): the wording, one function per kind, then each kind's
 * definition. Links carry tokens: they are built when the mail is sent, never stored
 * (docs/decisions/0305-one-mail-path.md).
 */
type LegacyMailKind =
  | 'contact-role'
  | 'contact-report'
  | 'contact-release'
  | 'contact-memorial'
  | 'reporter-cancelled'
  | 'owner-report'
  | 'owner-reminder'
  | 'owner-halted'
  | 'check-in'
  | 'check-in-reminder'
  | 'contact-resealed'
  | 'home-resealed';

export const LEGACY_SUBJECTS: Record<LegacyMailKind, string> = {
  'contact-role': 'You have been named a trusted contact',
  'contact-report': LEGACY_MESSAGES.passingReported,
  'contact-release': 'A final message has been left for you',
  'contact-memorial': 'A memorial page has been opened',
  'reporter-cancelled': 'The report has been cancelled',
  'owner-report': 'Your passing has been reported — cancel if you are alive',
  'owner-reminder': 'Reminder: your passing has been reported',
  'owner-halted': 'The release of your final message has been halted',
  'check-in': 'Are you there? Please check in',
  'check-in-reminder': 'Reminder: please check in',
  'contact-resealed': 'A final message has been sealed again',
  'home-resealed': 'A final message has been sealed again',
};

const letter = (kind: LegacyMailKind, name: string | null, blocks: Block[]) =>
  render({ subject: LEGACY_SUBJECTS[kind], name, blocks });
const paragraphs = (lines: string[]): Block[] => lines.map((paragraph) => ({ paragraph }));
const contactPage = (url: string): Block => ({ button: { label: 'Open your trusted contact page', url } });

export const legacyWording = {
  contactRole(i: { contactName: string; ownerName: string; contactUrl: string }): RenderedMail {
    return letter('contact-role', i.contactName, [
      ...paragraphs([
        `${i.ownerName} has named you a trusted contact on Parting Words. They left a final message, which is released only after their passing is confirmed.`,
        'If they pass away, you can report it from the page below, without an account. They are told at once and can cancel a report; if nobody cancels within their waiting period, the message is released and you receive a private link to it.',
        'Please open the page and accept this role.',
      ]),
      contactPage(i.contactUrl),
    ]);
  },

  contactReport(i: { contactName: string; ownerName: string; releaseAt: Date; contactUrl: string }) {
    return letter('contact-report', i.contactName, [
      ...paragraphs([
        `The passing of ${i.ownerName} has been reported on Parting Words.`,
        `Their final message will be released on ${whenText(i.releaseAt)} unless the report is cancelled before then.`,
      ]),
      contactPage(i.contactUrl),
    ]);
  },

  contactRelease(i: {
    contactName: string;
    ownerName: string;
    watchUrl: string;
    memorialUrl?: string | null;
  }) {
    return letter('contact-release', i.contactName, [
      ...paragraphs([
        `${i.ownerName} left a final message, and you are one of their trusted contacts.`,
        'This link is personal: anyone who has it can watch the message, so share it only with people you trust.',
      ]),
      { button: { label: 'Watch the message', url: i.watchUrl } },
      ...(i.memorialUrl
        ? [
            ...paragraphs([
              `${i.ownerName} also chose a memorial page, where family and friends can find the service details and leave a message. You may share its address with anyone.`,
            ]),
            { button: { label: MEMORIAL_MESSAGES.openPage, url: i.memorialUrl } },
          ]
        : []),
    ]);
  },

  /**
   * A trusted contact of an owner who left no final video but chose a memorial page: the release has no
   * message to watch, yet the family still needs the page's address (docs/product.md §6.9).
   */
  contactMemorial(i: { contactName: string; ownerName: string; memorialUrl: string }) {
    return letter('contact-memorial', i.contactName, [
      ...paragraphs([
        `${i.ownerName} chose a memorial page, opened now that their passing has been confirmed, and you are one of their trusted contacts.`,
        'Family and friends can find the service details there and leave a message. You may share its address with anyone.',
      ]),
      { button: { label: MEMORIAL_MESSAGES.openPage, url: i.memorialUrl } },
    ]);
  },

  reporterCancelled(i: { reporterName: string | null; ownerName: string }) {
    return letter(
      'reporter-cancelled',
      i.reporterName,
      paragraphs([
        `The report of the passing of ${i.ownerName} you made on Parting Words has been cancelled.`,
      ]),
    );
  },

  /** The owner told of a report (or reminded of it), with the link that cancels it. */
  ownerReport(i: {
    kind: 'owner-report' | 'owner-reminder';
    firstName: string;
    reporterName: string;
    relation: string;
    releaseAt: Date;
    aliveUrl: string;
  }) {
    return letter(i.kind, i.firstName, [
      ...paragraphs([
        `${i.reporterName} (${i.relation}) reported your passing on Parting Words.`,
        `If nobody cancels it, your final message will be released on ${whenText(i.releaseAt)}.`,
        'If you are alive, press the button below and then confirm on the page: the report is cancelled. You can also cancel it in the app after signing in.',
      ]),
      { button: { label: LEGACY_MESSAGES.aliveButton, url: i.aliveUrl } },
    ]);
  },

  /** A trusted contact told that the owner is alive and sealed the released message again. */
  contactResealed(i: { contactName: string; ownerName: string }) {
    return letter(
      'contact-resealed',
      i.contactName,
      paragraphs([
        `${i.ownerName} is alive: their final message on Parting Words was released by mistake and they have sealed it again.`,
        'The link you may have received at its release no longer opens it.',
      ]),
    );
  },

  /** A funeral home that held the released message by someone else's grant, told it was sealed again. */
  homeResealed(i: { homeName: string; ownerName: string; published: boolean }) {
    return letter(
      'home-resealed',
      i.homeName || null,
      paragraphs([
        `${i.ownerName} is alive: their final message on Parting Words was released by mistake and they have sealed it again.`,
        i.published
          ? 'You published it before it was sealed again. Its author asks you to take it down: please contact them or our support.'
          : 'The access to it that was granted to you has been withdrawn: you can no longer watch or publish it.',
      ]),
    );
  },

  ownerHalted(i: { firstName: string; reason: string }) {
    return letter(
      'owner-halted',
      i.firstName,
      paragraphs([
        'An administrator halted the release of your final message after a reported passing.',
        `Reason: ${i.reason}`,
      ]),
    );
  },

  checkIn(i: {
    kind: 'check-in' | 'check-in-reminder';
    firstName: string;
    endsAt: Date | null;
    aliveUrl: string;
  }) {
    return letter(i.kind, i.firstName, [
      {
        paragraph:
          'You asked Parting Words to check in with you from time to time. Please confirm you are there.',
      },
      ...(i.endsAt
        ? [
            {
              paragraph: `If you do not answer by ${whenText(i.endsAt)}, the release of your final message starts as if your passing had been reported.`,
            },
          ]
        : []),
      { button: { label: "I'm here", url: i.aliveUrl } },
    ]);
  },
};

/** What the legacy mails read when they are written: the rows their params name, and how links are made. */
export interface LegacyMailContext {
  repo: LegacyRepo;
  secret: string;
  publicUrl: string;
  /** The owner's memorial page, while it is up (the memorial module). */
  memorialPathOf(ownerId: number): Promise<string | null>;
}

const fullName = (o: { firstName: string; lastName: string }) => `${o.firstName} ${o.lastName}`.trim();
const id = z.number().int();

/**
 * A legacy mail is about its owner (the row's account): none any more (deleted), nothing to send. Its
 * kind is stored as `legacy.<kind>`.
 */
function legacyMail<const Kind extends LegacyMailKind, Schema extends z.ZodType>(
  kind: Kind,
  params: Schema,
  write: (
    params: z.output<Schema>,
    about: { owner: { id: number; firstName: string; ownerName: string } } & LegacyMailContext & Links,
  ) => Promise<RenderedMail | null> | RenderedMail | null,
) {
  return defineMail({
    kind: `legacy.${kind}`,
    params,
    async compose(p: z.output<Schema>, ctx: LegacyMailContext, { accountId }: Envelope) {
      const owner = accountId === null ? null : await ctx.repo.owner(accountId);
      if (!owner) return null;
      const about = { id: owner.id, firstName: owner.firstName, ownerName: fullName(owner) };
      return write(p, { owner: about, ...ctx, ...links(ctx, owner.id) });
    },
  });
}

interface Links {
  /** The contact the params name, if still one of the owner's. */
  contact(contactId: number): Promise<{ name: string; tokenNonce: string; watchNonce: string | null } | null>;
  contactUrl(nonce: string): string;
  aliveUrl(aliveTokenId: number): Promise<string | null>;
}

function links({ repo, secret, publicUrl }: LegacyMailContext, ownerId: number): Links {
  return {
    async contact(contactId) {
      return (await repo.contactsOf(ownerId)).find((c) => c.id === contactId) ?? null;
    },
    contactUrl: (nonce) => `${publicUrl}/legacy/contact/${legacyToken(secret, 'contact', nonce)}`,
    async aliveUrl(aliveTokenId) {
      const token = await repo.aliveTokenById(aliveTokenId);
      return token ? `${publicUrl}/legacy/alive/${legacyToken(secret, 'alive', token.tokenNonce)}` : null;
    },
  };
}

export const contactRoleMail = legacyMail('contact-role', z.object({ contactId: id }), async (p, m) => {
  const c = await m.contact(p.contactId);
  if (!c) return null;
  return legacyWording.contactRole({
    contactName: c.name,
    ownerName: m.owner.ownerName,
    contactUrl: m.contactUrl(c.tokenNonce),
  });
});

export const contactReportMail = legacyMail(
  'contact-report',
  z.object({ contactId: id, reportId: id }),
  async (p, m) => {
    const c = await m.contact(p.contactId);
    const report = await m.repo.reportById(p.reportId);
    if (!c || !report) return null;
    return legacyWording.contactReport({
      contactName: c.name,
      ownerName: m.owner.ownerName,
      releaseAt: report.releaseAt,
      contactUrl: m.contactUrl(c.tokenNonce),
    });
  },
);

export const contactReleaseMail = legacyMail('contact-release', z.object({ contactId: id }), async (p, m) => {
  const c = await m.contact(p.contactId);
  if (!c?.watchNonce) return null;
  const memorialPath = await m.memorialPathOf(m.owner.id);
  return legacyWording.contactRelease({
    contactName: c.name,
    ownerName: m.owner.ownerName,
    watchUrl: `${m.publicUrl}/watch/${legacyToken(m.secret, 'watch', c.watchNonce)}`,
    memorialUrl: memorialPath ? `${m.publicUrl}${memorialPath}` : null,
  });
});

/** Only while the page is up: a page taken down meanwhile is not announced. */
export const contactMemorialMail = legacyMail(
  'contact-memorial',
  z.object({ contactId: id }),
  async (p, m) => {
    const c = await m.contact(p.contactId);
    const memorialPath = await m.memorialPathOf(m.owner.id);
    if (!c || !memorialPath) return null;
    return legacyWording.contactMemorial({
      contactName: c.name,
      ownerName: m.owner.ownerName,
      memorialUrl: `${m.publicUrl}${memorialPath}`,
    });
  },
);

export const reporterCancelledMail = legacyMail(
  'reporter-cancelled',
  z.object({ name: z.string().nullable() }),
  (p, m) => legacyWording.reporterCancelled({ reporterName: p.name, ownerName: m.owner.ownerName }),
);

/** The owner told of a report (or reminded of it): dropped once the report no longer waits. */
const ownerReportMail = (kind: 'owner-report' | 'owner-reminder') =>
  legacyMail(kind, z.object({ reportId: id, aliveTokenId: id }), async (p, m) => {
    const report = await m.repo.reportById(p.reportId);
    const url = await m.aliveUrl(p.aliveTokenId);
    if (!report || report.state !== 'waiting' || !url) return null;
    return legacyWording.ownerReport({
      kind,
      firstName: m.owner.firstName,
      reporterName: report.reporterName,
      relation: report.relation,
      releaseAt: report.releaseAt,
      aliveUrl: url,
    });
  });
export const ownerReportedMail = ownerReportMail('owner-report');
export const ownerReminderMail = ownerReportMail('owner-reminder');

export const contactResealedMail = legacyMail(
  'contact-resealed',
  z.object({ contactId: id }),
  async (p, m) => {
    const c = await m.contact(p.contactId);
    if (!c) return null;
    return legacyWording.contactResealed({ contactName: c.name, ownerName: m.owner.ownerName });
  },
);

export const homeResealedMail = legacyMail(
  'home-resealed',
  // `published` is 1 or 0: the params are JSON of strings and numbers.
  z.object({ homeName: z.string(), published: z.union([z.literal(0), z.literal(1)]) }),
  (p, m) =>
    legacyWording.homeResealed({
      homeName: p.homeName,
      ownerName: m.owner.ownerName,
      published: p.published === 1,
    }),
);

export const ownerHaltedMail = legacyMail('owner-halted', z.object({ reason: z.string() }), (p, m) =>
  legacyWording.ownerHalted({ firstName: m.owner.firstName, reason: p.reason }),
);

/** A check-in (or its reminder); `endsAt`, ISO, when the answer is due (none: the reminder's own). */
const checkInNotice = (kind: 'check-in' | 'check-in-reminder') =>
  legacyMail(kind, z.object({ aliveTokenId: id, endsAt: z.string().nullish() }), async (p, m) => {
    const url = await m.aliveUrl(p.aliveTokenId);
    if (!url) return null;
    const endsAt = typeof p.endsAt === 'string' ? new Date(p.endsAt) : null;
    return legacyWording.checkIn({ kind, firstName: m.owner.firstName, endsAt, aliveUrl: url });
  });
export const checkInMail = checkInNotice('check-in');
export const checkInReminderMail = checkInNotice('check-in-reminder');

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const legacyMails = [
  contactRoleMail,
  contactReportMail,
  contactReleaseMail,
  contactMemorialMail,
  reporterCancelledMail,
  ownerReportedMail,
  ownerReminderMail,
  ownerHaltedMail,
  checkInMail,
  checkInReminderMail,
  contactResealedMail,
  homeResealedMail,
];
