import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { legacyRoutes, routeUrl } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { call } from '../funeral-homes/funeral-homes.fixtures';
import { insertVideo } from '../../../test/delivery-fixtures';
import { videos } from '../videos/videos.schema';
import { flushLegacyMails, linkToken } from './legacy.fixtures';
import { legacyReports, legacySettings } from './legacy.schema';

const DAY = 24 * 60 * 60 * 1000;

/** The clock moved, then one sweeper pass and the outbox sent (as the workers would). */
describe('check-ins and the daily reminders', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;

  const mailsTo = (email: string, subject: string) =>
    smtp.messages.filter((m) => m.to === email && m.subject === subject);
  const reportsOf = (ownerId: number) =>
    ctx.deps.db.select().from(legacyReports).where(eq(legacyReports.ownerId, ownerId));
  const settingsOf = async (ownerId: number) =>
    (await ctx.deps.db.select().from(legacySettings).where(eq(legacySettings.userId, ownerId)))[0]!;
  const at = async (ms: number) => {
    ctx.clock.set(new Date(ms));
    await ctx.deps.legacy.sweep();
    await flushLegacyMails(ctx);
  };
  const withCheckIns = async (owner: SignedIn, months: number) => {
    const res = await call(ctx, legacyRoutes.saveSettings, owner.token, {
      body: { contacts: [], waiting_period_days: 2, check_in_months: months, available_at_once: false },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
  });
  afterEach(() => ctx.clock.set(new Date()));
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('every interval an e-mail; reminders 14 and 3 days before the grace end; no answer → a check-in report', async () => {
    const owner = await signUpUser(ctx);
    const t0 = ctx.clock.now().getTime();
    const saved = await withCheckIns(owner, 3);
    expect(new Date(saved.next_check_in_at).getTime()).toBe(t0 + 90 * DAY);

    await at(t0 + 90 * DAY - 1000);
    expect(mailsTo(owner.email, 'Are you there? Please check in')).toHaveLength(0);
    const sent = t0 + 90 * DAY;
    await at(sent);
    await at(sent + 1000); // a second pass sends nothing more
    const checkIn = mailsTo(owner.email, 'Are you there? Please check in');
    expect(checkIn).toHaveLength(1);
    expect(linkToken(checkIn[0]!.text, 'alive')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reminder = 'Reminder: please check in';
    await at(sent + 16 * DAY - 1000);
    expect(mailsTo(owner.email, reminder)).toHaveLength(0);
    await at(sent + 16 * DAY);
    await at(sent + 20 * DAY);
    expect(mailsTo(owner.email, reminder)).toHaveLength(1);
    await at(sent + 27 * DAY);
    expect(mailsTo(owner.email, reminder)).toHaveLength(2);
    expect(await reportsOf(owner.id)).toHaveLength(0);

    await at(sent + 30 * DAY);
    const [report] = await reportsOf(owner.id);
    expect(report).toMatchObject({ state: 'waiting', reporterKind: 'check-in' });
    expect(report!.releaseAt.getTime()).toBe(sent + 32 * DAY);
    expect(mailsTo(owner.email, 'Your passing has been reported — cancel if you are alive')).toHaveLength(1);
    await at(sent + 31 * DAY);
    expect(await reportsOf(owner.id)).toHaveLength(1);
  });

  it('an answer (the alive POST) starts the next interval; the GET alone does not', async () => {
    const owner = await signUpUser(ctx);
    const t0 = ctx.clock.now().getTime();
    await withCheckIns(owner, 6);
    const sent = t0 + 180 * DAY;
    await at(sent);
    const token = linkToken(mailsTo(owner.email, 'Are you there? Please check in')[0]!.text, 'alive');
    await at(sent + 5 * DAY);
    const page = await ctx.app.inject({ method: 'GET', url: routeUrl(legacyRoutes.alivePage, { token }) });
    expect(page.json().data).toEqual({
      first_name: 'Ada',
      open_report: false,
      purpose: 'check-in',
      release_at: null,
      released_at: null,
    });
    expect((await settingsOf(owner.id)).checkInSentAt).not.toBeNull();
    const answer = await ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.alive, { token }) });
    expect(answer.statusCode).toBe(200);
    const after = await settingsOf(owner.id);
    expect(after.checkInSentAt).toBeNull();
    expect(after.nextCheckInAt!.getTime()).toBe(sent + 5 * DAY + 180 * DAY);
    expect(
      (await ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.alive, { token }) })).statusCode,
    ).toBe(404);
    await at(sent + 40 * DAY);
    expect(await reportsOf(owner.id)).toHaveLength(0);
    expect(mailsTo(owner.email, 'Reminder: please check in')).toHaveLength(0);
  });

  it('a waiting report reminds its owner once a day, with the same alive link', async () => {
    const owner = await signUpUser(ctx);
    const t0 = ctx.clock.now().getTime();
    await withCheckIns(owner, 0);
    const holder = await signUpUser(ctx);
    const { videoId, accessCode } = await finalWithCode(owner.id);
    expect(videoId).toBeGreaterThan(0);
    const res = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.reportByCode, { code: accessCode }),
      headers: { authorization: `Bearer ${holder.token}` },
      payload: { relation: 'Friend' },
    });
    expect(res.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    const first = linkToken(
      mailsTo(owner.email, 'Your passing has been reported — cancel if you are alive')[0]!.text,
      'alive',
    );
    await at(t0 + DAY - 1000);
    expect(mailsTo(owner.email, 'Reminder: your passing has been reported')).toHaveLength(0);
    await at(t0 + DAY);
    await at(t0 + DAY + 1000);
    await at(t0 + 2 * DAY);
    const reminders = mailsTo(owner.email, 'Reminder: your passing has been reported');
    expect(reminders).toHaveLength(2);
    expect(reminders.map((m) => linkToken(m.text, 'alive'))).toEqual([first, first]);
  });

  async function finalWithCode(ownerId: number) {
    const videoId = await insertVideo(ctx.deps.db, ownerId, { folder: 'final' });
    const accessCode = 'ABCDEFGHJKLM';
    await ctx.deps.db.update(videos).set({ accessCode }).where(eq(videos.id, videoId));
    return { videoId, accessCode };
  }
});
