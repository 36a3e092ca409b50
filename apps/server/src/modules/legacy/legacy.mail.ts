import type { MailMessage } from '../../platform/mail/mailer';
import { hello } from '../../platform/mail/greeting';
import { escapeHtml } from '../../platform/mail/html';
import { LEGACY_MESSAGES } from '@pw/contracts';

/** The e-mails of the legacy release, by `legacy_mails.kind`. */
export const mailKinds = [
  'contact-role',
  'contact-report',
  'contact-release',
  'reporter-cancelled',
  'owner-report',
  'owner-reminder',
  'owner-halted',
  'check-in',
  'check-in-reminder',
] as const;
export type MailKind = (typeof mailKinds)[number];

interface Letter {
  to: string;
  /** The greeting's name (null: 'Hello,'). */
  name: string | null;
  subject: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}

/** One plain look for every legacy e-mail: greeting, paragraphs, one button with its link written out. */
export function letter({ to, name, subject, paragraphs, link }: Letter): Omit<MailMessage, 'messageId'> {
  const text = [
    hello(name),
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    '— Parting Words',
    '',
  ].join('\n');
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#1d5c63;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#4a5a60">Or open this link: <a href="${escapeHtml(link.url)}" style="color:#1d5c63">${escapeHtml(link.url)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#faf7f2;font-family:Arial,sans-serif;color:#1f2a30">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">` +
    `<p style="margin:0 0 16px">${escapeHtml(hello(name))}</p>` +
    paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('') +
    button +
    `<p style="margin:0">— Parting Words</p></div></body></html>`;
  return { to, subject, text, html };
}

/** "Nov 25, 2026, 10:30 UTC": the instant a waiting period ends, the same for every reader. */
export function whenText(date: Date): string {
  return `${date.toLocaleString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  })} UTC`;
}

export const SUBJECTS: Record<MailKind, string> = {
  'contact-role': 'You have been named a trusted contact',
  'contact-report': LEGACY_MESSAGES.passingReported,
  'contact-release': 'A final message has been left for you',
  'reporter-cancelled': 'The report has been cancelled',
  'owner-report': 'Your passing has been reported — cancel if you are alive',
  'owner-reminder': 'Reminder: your passing has been reported',
  'owner-halted': 'The release of your final message has been halted',
  'check-in': 'Are you there? Please check in',
  'check-in-reminder': 'Reminder: please check in',
};
