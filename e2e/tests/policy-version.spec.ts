import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '../support/test';
import { API_HEALTH_PATH, POLICY_MESSAGES } from '@pw/contracts';
import { PASSWORD, signUpUser } from '../support/accounts';
import { mailsSentTo } from '../support/outbox';

/**
 * A new policy version reaches someone who signed up under the old one (docs/product.md §11.7). The version
 * is configuration read at start, so this file runs a server of its own on a data folder of its own:
 * started with version 1 for the sign-up, then restarted with version 2.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-policy-'));
let server: ChildProcess | undefined;
let base = '';

/** A port nobody listens on now. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function startServer(version: string, date: string) {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/.bin/tsx'), path.join(root, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        POLICY_VERSION: version,
        POLICY_DATE: date,
        // The announcement runs once a slot (docs/product.md §11.7): 2 s here rather than 30, so the e-mail
        // is seen within seconds of the restart.
        POLICY_ANNOUNCE_EVERY_SECONDS: '2',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${base}${API_HEALTH_PATH}`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(200);
}

async function stopServer() {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

/** The text of the announcement e-mail written to `email` in this server's outbox, once there is one. */
async function announcementTo(email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  let text = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsSentTo(email, outbox)).find((each) =>
          each.subject?.includes('Privacy Policy'),
        );
        text = mail?.text ?? '';
        return text;
      },
      // The announcement runs once a 2 s slot here: a restart inside the slot the first server's run
      // took waits for the next one, then the e-mail is sent (the bound leaves room for a loaded machine).
      { timeout: 30_000, message: `the announcement e-mail to ${email}` },
    )
    .not.toBe('');
  return text;
}

test.afterAll(async () => {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('someone who signed up under version 1 is told of version 2, acknowledges it, and the notice goes', async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  await startServer('1', '2024-01-01');
  let api: APIRequestContext = await playwright.request.newContext({ baseURL: base });
  const { user } = await signUpUser(api, { first_name: 'Policy' });
  await api.dispose();
  await stopServer();

  await startServer('2', '2026-11-20');
  api = await playwright.request.newContext({ baseURL: base });
  expect(await announcementTo(user.email)).toContain('version 2, in effect from 20 November 2026');

  await page.goto(`${base}/login`);
  await page.locator('#login-email').fill(user.email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/user\b/);

  const notice = page.locator('#policy-notice');
  await expect(notice.getByRole('heading', { name: POLICY_MESSAGES.updatedTitle })).toBeVisible();
  await expect(notice).toContainText('Version 2, in effect from 20 November 2026');
  // It stays on every page of the area until acknowledged.
  await notice.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect(page.getByTestId('policy-version')).toHaveText('Version 2, last updated 20 November 2026');
  await page.goto(`${base}/user/profile`);
  await expect(notice).toBeVisible();

  await notice.getByRole('button', { name: 'I have read them' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: false }).first()).toBeVisible();
  await expect(notice).toHaveCount(0);
  await api.dispose();
});
