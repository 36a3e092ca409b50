import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

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
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found = '';
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(outbox)) return '';
        for (const name of fs
          .readdirSync(outbox)
          .filter((n) => n.endsWith('.eml'))
          .sort()
          .reverse()) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, name)));
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          if (!to.toLowerCase().includes(email.toLowerCase())) continue;
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
