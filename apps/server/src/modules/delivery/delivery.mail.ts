import type { MailMessage } from '../../platform/mail/mailer';
import { escapeHtml } from '../../platform/mail/html';

const PERSONAL =
  'This link is personal: anyone who has it can watch the message, so share it only with people you trust.';

/** The one look of an e-mail carrying a watch link: a line of who, the title, the button, the link. */
function watchMail(input: { intro: string; title: string; description: string; watchUrl: string }) {
  const { intro, title, description, watchUrl } = input;
  const text = [
    'Hello,',
    '',
    intro,
    '',
    title,
    ...(description ? [description] : []),
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
<h1 style="font-size:22px;margin:0 0 8px">${escapeHtml(title)}</h1>
${description ? `<p style="margin:0 0 24px;font-family:Arial,sans-serif;line-height:1.5">${escapeHtml(description)}</p>` : ''}
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
  const { senderName, title } = input;
  return {
    to: input.to,
    subject: `${senderName} sent you a video message: ${title}`,
    ...watchMail({ ...input, intro: `${senderName} recorded a video message for you on Parting Words.` }),
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
  const { granterName, ownerName, title } = input;
  return {
    to: input.to,
    subject: `${granterName} shared a video message with you: ${title}`,
    ...watchMail({
      ...input,
      intro: `${granterName} has given you access to a video message from ${ownerName} on Parting Words.`,
    }),
  };
}
