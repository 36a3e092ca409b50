import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The 6-digit code of the newest reset e-mail sent to `email` (the server's outbox in E2E_DATA_DIR). */
export async function readResetCode(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        if (!fs.existsSync(outbox)) return null;
        const files = fs
          .readdirSync(outbox)
          .filter((name) => name.endsWith('.eml'))
          .sort()
          .reverse();
        for (const name of files) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, name)));
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
          if (!to.toLowerCase().includes(email.toLowerCase())) continue;
          const match = /\b(\d{6})\b/.exec(mail.text ?? '');
          if (match?.[1]) {
            found = match[1];
            return found;
          }
        }
        return null;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return found!;
}

/** Opens the profile menu and confirms the Logout dialog. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Logout?' })).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to logout?');
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
}

/** A 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
