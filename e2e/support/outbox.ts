import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** This worker's server's outbox (E2E_DATA_DIR). */
export const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/**
 * The e-mails addressed to `email` in `outbox`, parsed, newest first (file names in the order written).
 * Only a file whose raw text names the address is parsed: the outbox holds every mail of the run, and a
 * poll that parsed them all cost more as the run went on.
 */
export async function mailsSentTo(email: string, outbox = outboxDir()): Promise<ParsedMail[]> {
  const address = email.toLowerCase();
  const names = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((n) => n.endsWith('.eml')) : [];
  const mails: ParsedMail[] = [];
  for (const name of names.sort().reverse()) {
    const raw = fs.readFileSync(path.join(outbox, name));
    if (!raw.toString('utf8').toLowerCase().includes(address)) continue;
    const mail = await simpleParser(raw);
    const recipients = [mail.to].flat().flatMap((to) => to?.value ?? []);
    if (recipients.some((to) => to.address?.toLowerCase() === address)) mails.push(mail);
  }
  return mails;
}

/**
 * The first match of `pattern` (a link's path, a reset code) in the newest e-mail sent to `email` that has
 * one (the server's outbox in E2E_DATA_DIR, file names in the order written), waiting for it to be
 * written. A match in `except` does not count: after 'Send again', the link that replaced it.
 */
export async function newestMatchSentTo(
  email: string,
  pattern: RegExp,
  except: string[] = [],
): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        for (const mail of await mailsSentTo(email)) {
          const match = pattern.exec(mail.text ?? '');
          if (match) return except.includes(match[0]) ? '' : (found = match[0]);
        }
        return '';
      },
      { timeout: 10_000, message: `an e-mail to ${email} with ${String(pattern)}` },
    )
    .not.toBe('');
  return found;
}
