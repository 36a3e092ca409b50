import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { notificationRoutes, type RouteResponse } from '@pw/contracts';
import { callApi } from '../../support/api';
import { mailsSentTo, outboxDir } from '../../support/outbox';
import type { Session } from '../../support/accounts';
import { schedule } from '../../support/videos';

/**
 * Helpers of the notifications and watch specs: people to sign up (support/accounts.ts signs them up,
 * support/videos.ts gives them videos), the caller's notifications, the outbox read from the server's
 * DATA_DIR, and axe over a page.
 */

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

/**
 * The next whole minute at least `lead` ms away, as the owner's date and time in `timeZone`. The lead
 * covers filling the form and its answer on a busy machine (two workers, each with its server), so the
 * moment is still ahead when the server checks it.
 */
export function nextMinute(timeZone: string, lead = 30_000) {
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

/**
 * A moment `lead` ms ahead, to the second, as a UTC date and time: what a test that schedules through
 * the API (which takes seconds; the form takes whole minutes) waits instead of the next whole minute.
 * The lead covers one call's answer on a busy machine, so the moment is still ahead when it is checked.
 */
export function soonUtc(lead = 5_000) {
  const at = new Date(Date.now() + lead);
  return { at, date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 19) };
}

/** Waits for an e-mail to `to` in the server's outbox and returns it parsed (the first one sent). */
export async function waitForMail(to: string, timeout = 150_000) {
  let mail: ParsedMail | undefined;
  await expect
    .poll(async () => (mail = (await mailsSentTo(to)).at(-1)) !== undefined, {
      timeout,
      intervals: [1_000],
      message: `an e-mail to ${to} in ${outboxDir()}`,
    })
    .toBe(true);
  return mail!;
}

/** The /watch/{token} link in an e-mail (text part, else the HTML). */
export function watchLinkOf(mail: { text?: string; html?: string | false }): string {
  const haystack = `${mail.text ?? ''}\n${mail.html || ''}`;
  const match = haystack.match(/https?:\/\/[^\s"'<>]+\/watch\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`No /watch/ link in the e-mail:\n${haystack.slice(0, 2000)}`);
  return match[0];
}

/**
 * Schedules the owner's video to `recipient` a few seconds ahead (soonUtc, in UTC) and answers the watch
 * link of the e-mail the worker really sends.
 */
export async function deliverSoon(
  request: APIRequestContext,
  session: Session,
  videoId: number,
  recipient: string,
): Promise<string> {
  const when = soonUtc();
  await schedule(request, session, videoId, {
    email: recipient,
    share_at_date: when.date,
    share_at_time: when.time,
    timezone: 'UTC',
  });
  return watchLinkOf(await waitForMail(recipient));
}

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_SOURCE = fs.readFileSync(AXE_SCRIPT, 'utf8');

/** WCAG 2.x A/AA violations axe-core finds on the page (or inside `selector`), as short strings. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as a <script> tag: the app's Content-Security-Policy
  // (script-src 'self') rightly refuses inline scripts, and the checks run under the real policy.
  await page.evaluate(AXE_SOURCE);
  // Let running transitions end first: a dialog still fading in has its text at part opacity, which axe
  // rightly measures as too little contrast (a race the first CI run of the halt dialog lost).
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as { document: { getAnimations(): { finished: Promise<unknown> }[] } }).document
        .getAnimations()
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
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
