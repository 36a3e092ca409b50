import { hello } from '../../platform/mail/greeting';
import { escapeHtml } from '../../platform/mail/html';
import { RESET_CODE_TTL_MS } from './accounts.limits';
import type { UserRow } from './accounts.repo';

/** The e-mail that carries a password-reset code (text and HTML alike). */
export function resetCodeMail(user: Pick<UserRow, 'email' | 'firstName'>, code: string) {
  const minutes = RESET_CODE_TTL_MS / 60_000;
  const text =
    `${hello(user.firstName)}\n\n` +
    `Your Parting Words verification code is ${code}.\n` +
    `It is valid for ${minutes} minutes and can be used once.\n\n` +
    'If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.\n\n' +
    'Parting Words';
  const html =
    `<p>${escapeHtml(hello(user.firstName))}</p>` +
    `<p>Your Parting Words verification code is</p>` +
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
    `<p>It is valid for ${minutes} minutes and can be used once.</p>` +
    '<p>If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.</p>' +
    '<p>Parting Words</p>';
  return { to: user.email, subject: 'Your Parting Words verification code', text, html };
}
