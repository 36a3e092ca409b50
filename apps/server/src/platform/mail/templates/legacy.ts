import { render, whenText, type Block, type RenderedMail } from './layout';
import { LEGACY_MESSAGES } from '@pw/contracts';

/**
 * The e-mails of the legacy release (decision 0249), one function per kind. Links carry tokens: they are
 * built when the mail is sent, never stored (docs/decisions/0305-one-mail-path.md).
 */
export const legacyMailKinds = [
  'contact-role',
  'contact-report',
  'contact-release',
  'reporter-cancelled',
  'owner-report',
  'owner-reminder',
  'owner-halted',
  'check-in',
  'check-in-reminder',
  'contact-resealed',
  'home-resealed',
] as const;
export type LegacyMailKind = (typeof legacyMailKinds)[number];

export const LEGACY_SUBJECTS: Record<LegacyMailKind, string> = {
  'contact-role': 'You have been named a trusted contact',
  'contact-report': LEGACY_MESSAGES.passingReported,
  'contact-release': 'A final message has been left for you',
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

export const legacyMails = {
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

  contactRelease(i: { contactName: string; ownerName: string; watchUrl: string }) {
    return letter('contact-release', i.contactName, [
      ...paragraphs([
        `${i.ownerName} left a final message, and you are one of their trusted contacts.`,
        'This link is personal: anyone who has it can watch the message, so share it only with people you trust.',
      ]),
      { button: { label: 'Watch the message', url: i.watchUrl } },
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
