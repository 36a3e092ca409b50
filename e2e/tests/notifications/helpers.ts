import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { notificationRoutes, type RouteResponse } from '@pw/contracts';
import type { Session } from '../../support/accounts';
import { callApi } from '../../support/api';

/**
 * Helpers of the notifications and watch specs: people to sign up (support/accounts.ts signs them up),
 * videos made through the real API, the outbox read from the server's DATA_DIR, a browser signed in
 * with a real session.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FFMPEG = path.join(ROOT, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg');

export interface Person {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}

let counter = 0;
export function newPerson(prefix: string): Person {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    first_name: prefix,
    last_name: `Tester${counter}`,
    email: `${prefix.toLowerCase()}-${tag}@e2e.test`,
    password: 'Correct-horse-9',
  };
}

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string> }): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`HTTP ${response.status()}: ${text}`);
  return JSON.parse(text) as T;
}

interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Puts a real session into the browser the way the login screen does (spec §3 storage keys). */
export async function signInBrowser(page: Page, session: Session) {
  await page.addInitScript(
    ([user, token]) => {
      // The e2e project has no DOM typings; the script runs in the page.
      const storage = (globalThis as unknown as { localStorage: BrowserStorage }).localStorage;
      if (!storage.getItem('accessToken')) {
        storage.setItem('user', user);
        storage.setItem('accessToken', token);
      }
    },
    [JSON.stringify(session.user), session.token] as const,
  );
}

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The caller's unread count as the server sees it. */
export async function unreadCount(request: APIRequestContext, token: string): Promise<number> {
  const bell = await json<RouteResponse<typeof notificationRoutes.bell>>(
    await callApi(request, notificationRoutes.bell, { token }),
  );
  return bell.data.count;
}

/** The caller's total number of notifications. */
export async function notificationTotal(request: APIRequestContext, token: string): Promise<number> {
  const list = await json<RouteResponse<typeof notificationRoutes.list>>(
    await callApi(request, notificationRoutes.list, { query: { status: 'all', per_page: 10 }, token }),
  );
  return list.meta.total;
}

export async function markAllRead(request: APIRequestContext, token: string) {
  await json(await callApi(request, notificationRoutes.markAllRead, { token }));
}

/** A 2-second test pattern with a tone, made by the project's own ffmpeg. */
export function makeClip(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'clip.mp4');
  if (!fs.existsSync(out)) {
    execFileSync(FFMPEG, [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=2',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-shortest',
      '-pix_fmt',
      'yuv420p',
      out,
    ]);
  }
  return out;
}

interface VideoRow {
  id: number;
  title: string;
  status: string;
  failure_reason?: string | null;
}

/** POST /api/web/user/video/store with one clip into Drafts, then waits until it is ready. */
export async function uploadDraft(
  request: APIRequestContext,
  token: string,
  clip: string,
  title: string,
  description: string,
): Promise<VideoRow> {
  const response = await request.post('/api/web/user/video/store', {
    headers: auth(token),
    multipart: {
      'videos[]': { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) },
      type: 'draft',
      title,
      description,
    },
  });
  const body = await json<{ data: VideoRow | VideoRow[] }>(response);
  const stored = Array.isArray(body.data) ? body.data[0]! : body.data;
  let current: VideoRow | undefined;
  await expect
    .poll(
      async () => {
        const list = await json<{ data: VideoRow[] }>(
          await request.get('/api/web/user/video/list/draft', { headers: auth(token) }),
        );
        current = list.data.find((video) => video.id === stored.id);
        if (current?.status === 'failed') throw new Error(`processing failed: ${current.failure_reason}`);
        return current?.status;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe('ready');
  return current!;
}

/** The next whole minute at least `lead` ms away, as the owner's date and time in `timeZone`. */
export function nextMinute(timeZone: string, lead = 15_000) {
  const at = new Date(Math.ceil((Date.now() + lead) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    at,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Waits for an e-mail to `to` in the server's outbox and returns it parsed. */
export async function waitForMail(to: string, timeout = 150_000) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(outbox, file));
      if (!raw.toString('utf8').toLowerCase().includes(to.toLowerCase())) continue;
      const mail = await simpleParser(raw);
      const recipients = [mail.to]
        .flat()
        .flatMap((address) => address?.value ?? [])
        .map((value) => value.address?.toLowerCase());
      if (recipients.includes(to.toLowerCase())) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`No e-mail to ${to} arrived in ${outbox} within ${timeout} ms`);
}

/** The /watch/{token} link in an e-mail (text part, else the HTML). */
export function watchLinkOf(mail: { text?: string; html?: string | false }): string {
  const haystack = `${mail.text ?? ''}\n${mail.html || ''}`;
  const match = haystack.match(/https?:\/\/[^\s"'<>]+\/watch\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`No /watch/ link in the e-mail:\n${haystack.slice(0, 2000)}`);
  return match[0];
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_SOURCE = fs.readFileSync(AXE_SCRIPT, 'utf8');

/** WCAG 2.x A/AA violations axe-core finds on the page (or inside `selector`), as short strings. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as a <script> tag: the app's Content-Security-Policy
  // (script-src 'self') rightly refuses inline scripts, and the checks run under the real policy.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (scope) => {
    interface AxeResult {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    }
    const g = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<AxeResult> };
      document: unknown;
    };
    const result = await g.axe.run(scope ?? g.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  }, selector);
}
