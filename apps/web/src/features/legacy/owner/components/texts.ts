import type { ReleaseState } from '@pw/contracts';
import { LEGACY_MESSAGES } from '@pw/contracts';

/**
 * The owner's screens of the legacy release (docs/product.md §6); the texts the contract does not fix,
 * docs/product.md §6.1.
 */
export const LEGACY_TEXTS = {
  heading: 'Release of my final message',
  intro:
    'Your final message opens with its access code only after your passing has been reported and your waiting period has ended without you cancelling the report.',
  standing: 'Where your message stands',
  contactsLegend: 'Trusted contacts',
  contactsIntro:
    'Up to 5 people who can report your passing from the e-mail we send them, and who receive a private link to your final message once it is released. Each one confirms their role from that e-mail.',
  noContacts: 'You have not named any trusted contacts yet.',
  contactLegend: (n: number) => `Trusted contact ${n}`,
  name: 'Name',
  email: 'E-mail',
  remove: 'Remove',
  add: 'Add a trusted contact',
  limitReached: 'You have named 5 trusted contacts, the most allowed. Remove one to add another.',
  confirmed: 'Confirmed',
  unconfirmed: 'Waiting for confirmation',
  sendAgain: 'Send again',
  notSavedYet: 'Not saved yet: the e-mail goes out when you save.',
  waitingPeriod: 'Waiting period (days)',
  waitingPeriodHint:
    'After a reported passing, your message waits this long so that you can cancel a false report. 1 to 30 days; 3 unless you change it.',
  checkInsLegend: 'Check-ins',
  checkInsHint:
    'We e-mail you an ‘I’m here’ link. If you do not answer within 30 days (we remind you 14 and 3 days before the end), the release starts as if your passing had been reported.',
  checkInOptions: { 0: 'Off', 3: 'Every 3 months', 6: 'Every 6 months', 12: 'Every 12 months' },
  nextCheckIn: 'Next check-in:',
  atOnce: 'Available at once to anyone with the access code',
  atOnceHint:
    'Off is the safer choice, and the one new accounts start with: your message is released only after a reported passing and your waiting period, so a code that is lost or passed on too early cannot open it while you are alive. On: anyone who has the code can watch your message straight away.',
  save: 'Save',
  saving: 'Saving…',
  logHeading: 'History',
  emptyLog: 'Nothing has happened yet.',
  reportHeading: LEGACY_MESSAGES.passingReported,
  cancel: LEGACY_MESSAGES.aliveButton,
  signInCancelsNothing: 'Signing in does not cancel it: only this button or the link in our e-mail does.',
  confirmTitle: 'Cancel this report?',
  confirmText:
    'The report ends and your final message stays closed. Whoever reported it is told that it was cancelled, but not by whom or why.',
  confirmYes: 'Yes, cancel the report',
  confirmNo: 'Not now',
  cancelFailed: 'The report could not be cancelled. Please try again.',
} as const;

/** Where the final message stands, in plain words: a short name and what it means. */
export const STATE_TEXTS: Record<ReleaseState, { name: string; text: string }> = {
  sealed: {
    name: 'Sealed',
    text: 'Your final message stays closed until your passing is reported and your waiting period ends without a cancel.',
  },
  waiting: {
    name: 'Waiting',
    text: 'A passing has been reported. Your final message will be released when the waiting period ends, unless you cancel.',
  },
  released: {
    name: 'Released',
    text: 'Your final message has been released: its access code opens it, and your confirmed trusted contacts received a private link.',
  },
  open: {
    name: 'Open',
    text: 'Anyone with your access code can watch your final message now.',
  },
};
