import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/mail/html';

const PERSONAL =
  'This link is personal: anyone who has it can watch the message, so share it only with people you trust.';

/**
 * Subjects are the platform's own words only: what a person typed (a title, a name) could otherwise make
 * the platform's address carry their message (a phishing line) into someone's inbox list. Their words
 * appear in the body alone, quoted and attributed (docs/decisions/0270-mail-wording.md).
 */
export const DELIVERY_SUBJECT = 'A video message for you on Parting Words';
export const GRANT_SUBJECT = 'A video message has been shared with you on Parting Words';

const quote = (text: string) => `“${text}”`;

/**
 * The one look of an e-mail carrying a watch link: a line of who, the author's title and description
 * quoted as theirs, the button, the link.
 */
function watchMail(input: {
  intro: string;
  author: string;
  title: string;
  description: string;
  watchUrl: string;
}) {
  const { intro, title, description, watchUrl } = input;
  const wrote = `${input.author || 'The author'} wrote:`;
  const text = [
    'Hello,',
    '',
    intro,
    '',
    wrote,
    `> ${quote(title)}`,
    ...(description ? [`> ${quote(description)}`] : []),
    '',
    `Watch it here: ${watchUrl}`,
    '',
    PERSONAL,
    '',
    '— Parting Words',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#faf7f2;font-family:Georgia,'Times New Roman',serif;color:#1f2a30">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 16px">Hello,</p>
<p style="margin:0 0 24px">${escapeHtml(intro)}</p>
<p style="margin:0 0 8px;font-family:Arial,sans-serif;font-size:13px;color:#4a5a60">${escapeHtml(wrote)}</p>
<blockquote style="margin:0 0 24px;padding:0 0 0 16px;border-left:3px solid #d6cfc4">
<p style="font-size:20px;margin:0 0 8px">${escapeHtml(quote(title))}</p>
${description ? `<p style="margin:0;font-family:Arial,sans-serif;line-height:1.5">${escapeHtml(quote(description))}</p>` : ''}
</blockquote>
<p style="margin:0 0 24px"><a href="${escapeHtml(watchUrl)}" style="display:inline-block;background:#1d5c63;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-family:Arial,sans-serif">Watch the message</a></p>
<p style="margin:0 0 8px;font-family:Arial,sans-serif;font-size:13px;color:#4a5a60">Or open this link: <a href="${escapeHtml(watchUrl)}" style="color:#1d5c63">${escapeHtml(watchUrl)}</a></p>
<p style="margin:0;font-family:Arial,sans-serif;font-size:13px;color:#4a5a60">${escapeHtml(PERSONAL)}</p>
</td></tr></table>
</body></html>`;
  return { text, html };
}

/** The recipient's e-mail: who sent it, the title and description, and the private watch link. */
export function deliveryEmail(input: {
  to: string;
  senderName: string;
  title: string;
  description: string;
  watchUrl: string;
  messageId: string;
}): MailMessage {
  const { senderName } = input;
  return {
    to: input.to,
    subject: DELIVERY_SUBJECT,
    ...watchMail({
      ...input,
      author: senderName,
      intro: `${senderName} recorded a video message for you on Parting Words.`,
    }),
    messageId: input.messageId,
  };
}

/** Grant access, type 0: a person who may see a video hands it to someone by e-mail (decision 0211). */
export function grantEmail(input: {
  to: string;
  granterName: string;
  ownerName: string;
  title: string;
  description: string;
  watchUrl: string;
}): MailMessage {
  const { granterName, ownerName } = input;
  return {
    to: input.to,
    subject: GRANT_SUBJECT,
    ...watchMail({
      ...input,
      author: ownerName,
      intro: `${granterName} has given you access to a video message from ${ownerName} on Parting Words.`,
    }),
  };
}
