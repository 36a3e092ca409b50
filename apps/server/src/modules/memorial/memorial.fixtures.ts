import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { legacyRoutes, memorialRoutes, routeUrl, type ApiRoute } from '@pw/contracts';
import { insertVideo } from '../../../test/delivery-fixtures';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { bearer, randomIp, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { flushLegacyMails, linkToken } from '../legacy/legacy.fixtures';
import { legacyReports } from '../legacy/legacy.schema';
import { newAccessCode } from '../videos/codes';
import { videos } from '../videos/videos.schema';
import { memorialPages } from './memorial.schema';

const DAY = 24 * 60 * 60 * 1000;

/** Calls a declared route on the test app: a credential, string params, a JSON body, a client address. */
export function callRoute(
  ctx: TestContext,
  route: ApiRoute,
  options: {
    token?: string;
    params?: Record<string, string | number>;
    query?: Record<string, string>;
    body?: object;
    ip?: string;
  } = {},
) {
  return ctx.app.inject({
    method: route.method,
    url: routeUrl(route, (options.params ?? {}) as never, options.query),
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.ip ?? randomIp(),
    ...(options.body ? { payload: options.body } : {}),
  });
}

/**
 * An owner with a final video and one trusted contact who accepted the role, whose memorial choice is
 * `memorial` (PUT as JSON). `release()` reports the passing through the contact and runs the release
 * once the waiting period is over.
 */
export async function ownerWithMemorial(
  ctx: TestContext,
  mailsTo: (email: string) => Array<{ text: string }>,
  memorial: Record<string, unknown> | null,
) {
  const owner: SignedIn = await signUpUser(ctx, { first_name: 'Rose', last_name: 'Memorial' });
  const finalId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final', title: 'My last words' });
  const accessCode = newAccessCode();
  await ctx.deps.db.update(videos).set({ accessCode }).where(eq(videos.id, finalId));
  const contactEmail = `contact-${owner.id}@kin.test`;
  const saved = await callRoute(ctx, legacyRoutes.saveSettings, {
    token: owner.token,
    body: { contacts: [{ name: 'Cara Contact', email: contactEmail }], waiting_period_days: 1 },
  });
  expect(saved.statusCode).toBe(200);
  await flushLegacyMails(ctx);
  const contactToken = linkToken(mailsTo(contactEmail).at(-1)!.text, 'contact');
  expect(
    (await callRoute(ctx, legacyRoutes.confirmContact, { params: { token: contactToken } })).statusCode,
  ).toBe(200);
  if (memorial) {
    const res = await callRoute(ctx, memorialRoutes.saveSettings, { token: owner.token, body: memorial });
    expect(res.statusCode).toBe(200);
  }

  async function release() {
    const report = await callRoute(ctx, legacyRoutes.reportByContact, {
      params: { token: contactToken },
      body: { relation: 'Daughter' },
    });
    expect(report.statusCode).toBe(200);
    const [row] = await ctx.deps.db.select().from(legacyReports).where(eq(legacyReports.ownerId, owner.id));
    ctx.clock.advance(DAY + 1000);
    expect(await ctx.deps.legacy.release(row!.id)).toBe('released');
    await flushLegacyMails(ctx);
    // Read from the table: a day later the owner's session may have ended.
    const [page] = await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.ownerId, owner.id));
    return page?.slug ?? null;
  }

  return { owner, finalId, accessCode, contactEmail, contactToken, release };
}

/**
 * A suite's app with a test SMTP server (the release e-mails carry the links): `ctx()` and `mailsTo()`
 * once `beforeAll` has run; both are closed after the suite.
 */
export function memorialSuite(env: Record<string, string> = {}) {
  let ctx: TestContext;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test', ...env });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  return {
    ctx: () => ctx,
    smtp: () => smtp,
    mailsTo: (email: string) => smtp.messages.filter((m) => m.to === email),
  };
}
