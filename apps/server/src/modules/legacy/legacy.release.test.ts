import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  funeralHomeRoutes,
  legacyRoutes,
  NOT_YET_RELEASED_MESSAGE,
  notificationKinds,
  REPORT_CANCELLED_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  deliveryRoutes,
  accountRoutes,
  routeUrl,
} from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { insertVideo } from '../../../test/delivery-fixtures';
import { bearer, signInAdmin, signUpUser, ADMIN_ENV, type SignedIn } from '../accounts/accounts.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { watchGrants } from '../delivery/delivery.schema';
import { call, openByCode, signUpListedHome } from '../funeral-homes/funeral-homes.fixtures';
import { signUpFuneralHome } from '../accounts/accounts.fixtures';
import { newAccessCode } from '../videos/codes';
import { videos } from '../videos/videos.schema';
import { flushLegacyMails, linkToken } from './legacy.fixtures';
import { legacyAliveTokens, legacyReporters, legacyReports, legacySettings } from './legacy.schema';
import { hashToken } from './legacy.tokens';

const DAY = 24 * 60 * 60 * 1000;

describe('reports, the waiting period and the release', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let holder: SignedIn;

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
  const reportsOf = (ownerId: number) =>
    ctx.deps.db.select().from(legacyReports).where(eq(legacyReports.ownerId, ownerId));
  const stateOf = async (ownerId: number) =>
    (await ctx.deps.db.select().from(legacySettings).where(eq(legacySettings.userId, ownerId)))[0]?.state ??
    'sealed';
  const reportByCode = (token: string | undefined, code: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.reportByCode, { code }),
      headers: token ? bearer(token) : {},
      payload: body,
    });
  const reportByContact = (token: string, body: object) =>
    ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.reportByContact, { token }), payload: body });
  const alive = (method: 'GET' | 'POST', token: string) =>
    ctx.app.inject({
      method,
      url: routeUrl(method === 'GET' ? legacyRoutes.alivePage : legacyRoutes.alive, { token }),
    });
  /** Grant access type 0 (a person by e-mail): the chain of consent's rule of who may see it. */
  const grantTo = (token: string, videoId: number) =>
    call(ctx, funeralHomeRoutes.grantAccess, token, {
      params: { id: videoId },
      body: { type: 0, email: 'friend-of-holder@kin.test' },
    });
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });

  /**
   * An owner (signed up: sealed) with a final video and its code, and trusted contacts; the first
   * `confirmed` of them accepted their role. Answers the contacts' role tokens, from their e-mails.
   */
  async function ownerWithMessage(contacts: string[], confirmed = contacts.length, waiting = 3) {
    const owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final', title: 'My secret words' });
    const accessCode = newAccessCode();
    await ctx.deps.db.update(videos).set({ accessCode }).where(eq(videos.id, videoId));
    const saved = await call(ctx, legacyRoutes.saveSettings, owner.token, {
      body: {
        contacts: contacts.map((email, i) => ({ name: `Contact ${i}`, email })),
        waiting_period_days: waiting,
        check_in_months: 0,
        available_at_once: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    const tokens = contacts.map((email) => linkToken(mailsTo(email).at(-1)!.text, 'contact'));
    for (const token of tokens.slice(0, confirmed))
      expect(
        (await ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.confirmContact, { token }) }))
          .statusCode,
      ).toBe(200);
    return { owner, videoId, accessCode, tokens };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test', ...ADMIN_ENV });
    holder = await signUpUser(ctx, { first_name: 'Hal', last_name: 'Holder' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('before release the code answers 423 with the state only: no video, no title, no owner name', async () => {
    const { owner, accessCode } = await ownerWithMessage([]);
    const res = await openByCode(ctx, holder.token, accessCode);
    expect(res.statusCode).toBe(423);
    expect(res.json()).toEqual({ message: NOT_YET_RELEASED_MESSAGE, data: { state: 'sealed' } });
    expect(res.body).not.toMatch(/secret|Olive|Owner|media/i);
    // The owner sees their own; an unknown code stays 404 (the 423 tells only that a message exists).
    expect((await openByCode(ctx, owner.token, accessCode)).statusCode).toBe(200);
    expect((await openByCode(ctx, holder.token, 'ZZZZZZZZZZZZ')).statusCode).toBe(404);
    // The refused opening does not count: the holder may not grant it on.
    const [video] = await ctx.deps.db.select().from(videos).where(eq(videos.accessCode, accessCode));
    expect((await grantTo(holder.token, video!.id)).statusCode).toBe(404);
  });

  it('report by code: 401, 422, 404, 403 (own, unlisted home) change nothing; then waiting, owner told', async () => {
    const { owner, accessCode } = await ownerWithMessage(['ann@kin.test', 'ben@kin.test'], 1);
    const body = { relation: 'Neighbour', note: 'https://obituaries.example.test/olive' };
    expect((await reportByCode(undefined, accessCode, body)).statusCode).toBe(401);
    expect((await reportByCode(holder.token, accessCode, {})).statusCode).toBe(422);
    expect((await reportByCode(holder.token, accessCode, { relation: 'x'.repeat(101) })).statusCode).toBe(
      422,
    );
    expect(
      (await reportByCode(holder.token, accessCode, { relation: 'N', note: 'x'.repeat(2001) })).statusCode,
    ).toBe(422);
    expect((await reportByCode(holder.token, 'ZZZZZZZZZZZZ', body)).statusCode).toBe(404);
    expect((await reportByCode(holder.token, '../../x', body)).statusCode).toBe(404);
    expect((await reportByCode(owner.token, accessCode, body)).statusCode).toBe(403);
    const unlisted = await signUpFuneralHome(ctx);
    expect((await reportByCode(unlisted.token, accessCode, body)).statusCode).toBe(403);
    expect(await reportsOf(owner.id)).toHaveLength(0);
    expect(await stateOf(owner.id)).toBe('sealed');

    const before = ctx.clock.now();
    const res = await reportByCode(holder.token, accessCode, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_RECEIVED_MESSAGE, data: { state: 'waiting' } });
    const [report] = await reportsOf(owner.id);
    expect(report).toMatchObject({
      state: 'waiting',
      reporterKind: 'code-holder',
      reporterName: 'Hal Holder',
    });
    expect(report!.releaseAt.getTime()).toBe(before.getTime() + 3 * DAY);
    expect(await stateOf(owner.id)).toBe('waiting');
    expect((await openByCode(ctx, holder.token, accessCode)).json()).toEqual({
      message: NOT_YET_RELEASED_MESSAGE,
      data: { state: 'waiting' },
    });

    // The owner: in-app at once, and an e-mail with the alive link; both contacts are told.
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, owner.id), eq(notifications.kind, notificationKinds.legacyReported)),
      );
    expect(notes).toHaveLength(1);
    await flushLegacyMails(ctx);
    const ownerMail = mailsTo(owner.email).at(-1)!;
    expect(ownerMail.text).toContain('Hal Holder (Neighbour) reported your passing');
    const aliveToken = linkToken(ownerMail.text, 'alive');
    expect(aliveToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await ctx.deps.db
      .select()
      .from(legacyAliveTokens)
      .where(eq(legacyAliveTokens.ownerId, owner.id));
    expect(stored!.tokenHash).toBe(hashToken(aliveToken));
    expect(mailsTo('ann@kin.test').at(-1)!.subject).toBe('A passing has been reported');
    expect(mailsTo('ben@kin.test').at(-1)!.subject).toBe('A passing has been reported');

    // The owner's page shows the open report first (a sign-in alone cancels nothing).
    const page = (await call(ctx, legacyRoutes.settings, owner.token)).json().data;
    expect(page.open_report).toMatchObject({
      state: 'waiting',
      reporter_name: 'Hal Holder',
      relation: 'Neighbour',
    });
    expect(page.state).toBe('waiting');
  });

  it('a second report joins the first (the period is not restarted); a double submit counts once', async () => {
    const { owner, accessCode, tokens } = await ownerWithMessage(['cy@kin.test']);
    // Without the relation the report is refused (422) and opens nothing.
    const unnamed = await reportByContact(tokens[0]!, { relation: '  ' });
    expect(unnamed.statusCode).toBe(422);
    expect(unnamed.json().errors).toHaveProperty('relation');
    expect(await reportsOf(owner.id)).toEqual([]);
    const first = await reportByContact(tokens[0]!, { relation: 'Sister' });
    expect(first.json()).toEqual({ message: REPORT_RECEIVED_MESSAGE, data: { state: 'waiting' } });
    const [report] = await reportsOf(owner.id);
    ctx.clock.advance(60_000);
    const [a, b] = await Promise.all([
      reportByCode(holder.token, accessCode, { relation: 'Friend' }),
      reportByCode(holder.token, accessCode, { relation: 'Friend' }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(await reportByContact(tokens[0]!, { relation: 'Sister' })).toMatchObject({ statusCode: 200 });
    const all = await reportsOf(owner.id);
    expect(all).toHaveLength(1);
    expect(all[0]!.releaseAt).toEqual(report!.releaseAt);
    const reporters = await ctx.deps.db
      .select()
      .from(legacyReporters)
      .where(eq(legacyReporters.reportId, report!.id));
    expect(reporters.map((r) => r.kind).sort()).toEqual(['code-holder', 'trusted-contact']);
  });

  it('the alive link: the GET shows and cancels nothing; the POST cancels; reporters hear "cancelled"', async () => {
    const { owner, accessCode, tokens } = await ownerWithMessage(['dee@kin.test']);
    await reportByContact(tokens[0]!, { relation: 'Cousin' });
    await reportByCode(holder.token, accessCode, { relation: 'Friend' });
    await flushLegacyMails(ctx);
    const token = linkToken(mailsTo(owner.email).at(-1)!.text, 'alive');
    for (let i = 0; i < 3; i++) {
      const page = await alive('GET', token);
      expect(page.statusCode).toBe(200);
      expect(page.json().data).toEqual({
        first_name: 'Olive',
        open_report: true,
        purpose: 'report',
        release_at: (await reportsOf(owner.id))[0]!.releaseAt.toISOString(),
        released_at: null,
      });
    }
    expect((await reportsOf(owner.id))[0]!.state).toBe('waiting');
    expect((await alive('POST', 'c'.repeat(43))).statusCode).toBe(404);
    expect((await alive('POST', 'short')).statusCode).toBe(404);
    expect((await reportsOf(owner.id))[0]!.state).toBe('waiting');

    const res = await alive('POST', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REPORT_CANCELLED_MESSAGE });
    expect((await reportsOf(owner.id))[0]!.state).toBe('cancelled');
    expect(await stateOf(owner.id)).toBe('sealed');
    // The link ended with its report: a second POST (a double click) finds nothing to do.
    expect((await alive('POST', token)).statusCode).toBe(404);
    await flushLegacyMails(ctx);
    const told = mailsTo('dee@kin.test').at(-1)!;
    expect(told.subject).toBe('The report has been cancelled');
    expect(told.text).not.toMatch(/Olive (?!Owner)|alive|why/i);
    const notes = await ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, holder.id), eq(notifications.kind, notificationKinds.legacyCancelled)),
      );
    expect(notes.length).toBeGreaterThanOrEqual(1);
    expect((await openByCode(ctx, holder.token, accessCode)).statusCode).toBe(423);
    expect((await call(ctx, legacyRoutes.settings, owner.token)).json().data.log[0].text).toContain(
      'cancelled',
    );
  });

  it('the signed-in cancel: only the owner’s own act; 404 without an open report', async () => {
    const { owner, accessCode } = await ownerWithMessage([]);
    const cancel = (token: string | undefined) => call(ctx, legacyRoutes.cancelReport, token);
    expect((await cancel(owner.token)).statusCode).toBe(404);
    await reportByCode(holder.token, accessCode, { relation: 'Friend' });
    // Signing in again (family may hold the password) changes nothing.
    const login = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(accountRoutes.webLogin),
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await reportsOf(owner.id))[0]!.state).toBe('waiting');
    expect((await cancel(undefined)).statusCode).toBe(401);
    expect((await cancel(holder.token)).statusCode).toBe(404);
    // A funeral home has no release of its own to cancel: the call is not one of its calls.
    expect((await cancel((await signUpFuneralHome(ctx)).token)).statusCode).toBe(403);
    expect((await reportsOf(owner.id))[0]!.state).toBe('waiting');
    const res = await cancel(owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'sealed', open_report: null });
  });

  it('moved clock: released exactly at the end, once (racing runs, re-runs); contacts watch; the code opens', async () => {
    const { owner, videoId, accessCode, tokens } = await ownerWithMessage(
      ['eve@kin.test', 'fay@kin.test'],
      1,
      2,
    );
    await reportByCode(holder.token, accessCode, { relation: 'Friend' });
    const [report] = await reportsOf(owner.id);
    try {
      await releaseWithMovedClock(owner, videoId, accessCode, tokens, report!);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  async function releaseWithMovedClock(
    owner: SignedIn,
    videoId: number,
    accessCode: string,
    tokens: string[],
    report: typeof legacyReports.$inferSelect,
  ) {
    ctx.clock.set(new Date(report!.releaseAt.getTime() - 1));
    // Sessions expire with the moved clock: a reader signed in now holds the code.
    const reader = await signUpUser(ctx, { first_name: 'Rea', last_name: 'Reader' });
    expect(await ctx.deps.legacy.release(report!.id)).toBe('early');
    await ctx.deps.legacy.sweep();
    expect((await reportsOf(owner.id))[0]!.state).toBe('waiting');
    expect((await openByCode(ctx, reader.token, accessCode)).statusCode).toBe(423);

    ctx.clock.set(report!.releaseAt);
    const outcomes = await Promise.all([
      ctx.deps.legacy.release(report!.id),
      ctx.deps.legacy.release(report!.id),
      ctx.deps.legacy.sweep().then(() => 'swept'),
    ]);
    expect(outcomes.filter((o) => o === 'released')).toHaveLength(1);
    expect(await ctx.deps.legacy.release(report!.id)).toBe('skipped');
    expect((await reportsOf(owner.id))[0]).toMatchObject({ state: 'released', endedAt: report!.releaseAt });
    expect(await stateOf(owner.id)).toBe('released');

    await flushLegacyMails(ctx);
    await flushLegacyMails(ctx);
    // The confirmed contact: one e-mail with a private watch link that works; the unconfirmed: none.
    const released = mailsTo('eve@kin.test').filter(
      (m) => m.subject === 'A final message has been left for you',
    );
    expect(released).toHaveLength(1);
    expect(
      mailsTo('fay@kin.test').filter((m) => m.subject === 'A final message has been left for you'),
    ).toHaveLength(0);
    const watchToken = linkToken(released[0]!.text, 'watch');
    expect(watchToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const watched = await watch(watchToken);
    expect(watched.statusCode).toBe(200);
    expect(watched.json().data.title).toBe('My secret words');
    const grants = await ctx.deps.db.select().from(watchGrants).where(eq(watchGrants.videoId, videoId));
    expect(grants).toHaveLength(1);
    expect(grants[0]!.tokenHash).toBe(hashToken(watchToken));
    // The contact's page now shows the same link; the code opens the video for the holder.
    const page = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(legacyRoutes.contactPage, { token: tokens[0]! }),
    });
    expect(page.json().data).toMatchObject({
      state: 'released',
      watch_url: `http://pw.test/watch/${watchToken}`,
    });
    const opened = await openByCode(ctx, reader.token, accessCode);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.data.title).toBe('My secret words');
    expect((await grantTo(reader.token, videoId)).statusCode).toBe(200);
    // A report after release answers that the message is available; no new report.
    const late = await reportByCode(reader.token, accessCode, { relation: 'Friend' });
    expect(late.json().data.state).toBe('released');
    expect(await reportsOf(owner.id)).toHaveLength(1);
  }

  it('a listed funeral home reports, and says so', async () => {
    const { owner, accessCode } = await ownerWithMessage([]);
    const home = await signUpListedHome(ctx, { home_name: 'Evergreen Funeral Home' });
    const res = await reportByCode(home.token, accessCode, { relation: 'Funeral home in charge' });
    expect(res.statusCode).toBe(200);
    expect((await reportsOf(owner.id))[0]).toMatchObject({
      reporterKind: 'funeral-home',
      reporterName: 'Evergreen Funeral Home',
    });
  });

  it('the back office lists reports and halts a waiting one (the owner is told why); roles enforced', async () => {
    const admin = await signInAdmin(ctx);
    const { owner, accessCode } = await ownerWithMessage([]);
    await reportByCode(holder.token, accessCode, { relation: 'Friend' });
    const [report] = await reportsOf(owner.id);
    const list = (token: string | undefined, query: Record<string, string | number> = {}) =>
      call(ctx, legacyRoutes.adminList, token, { query });
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(holder.token)).statusCode).toBe(403);
    expect((await list(admin.token, { state: 'nope' })).statusCode).toBe(422);
    const listed = await list(admin.token, { search: owner.email, state: 'waiting' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toHaveLength(1);
    expect(listed.json().data[0]).toMatchObject({
      id: report!.id,
      state: 'waiting',
      reporter_name: 'Hal Holder',
      owner: { id: owner.id, email: owner.email, first_name: 'Olive' },
    });
    expect(listed.json().meta.total).toBe(1);
    // Sorts, pages and odd input: whitelisted, bounded, never an error of the server.
    const paged = await list(admin.token, { sort: 'release_at', order: 'asc', per_page: 10, page: 2 });
    expect(paged.statusCode).toBe(200);
    expect(paged.json().meta).toMatchObject({ per_page: 10, current_page: 2 });
    const oddQueries: Array<Record<string, string | number>> = [
      { sort: 'owner_id; drop table users' },
      { order: 'sideways' },
      { per_page: 1 },
    ];
    for (const query of oddQueries) expect((await list(admin.token, query)).statusCode).toBe(422);
    expect((await list(admin.token, { search: "%_\\'" })).json().data).toEqual([]);

    const halt = (token: string | undefined, id: number, body: object) =>
      call(ctx, legacyRoutes.adminHalt, token, { params: { id }, body });
    expect((await halt(undefined, report!.id, { reason: 'Disputed' })).statusCode).toBe(401);
    expect((await halt(holder.token, report!.id, { reason: 'Disputed' })).statusCode).toBe(403);
    expect((await halt(owner.token, report!.id, { reason: 'Disputed' })).statusCode).toBe(403);
    expect((await halt(admin.token, report!.id, { reason: '' })).statusCode).toBe(422);
    expect((await halt(admin.token, 999999, { reason: 'Disputed' })).statusCode).toBe(404);
    expect((await halt(admin.token, report!.id, { reason: 'x'.repeat(1001) })).statusCode).toBe(422);
    for (const id of ['abc', '-1', '1e3', '99999999999999999999'])
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: routeUrl(legacyRoutes.adminHalt, { id }),
            headers: bearer(admin.token),
            payload: { reason: 'Disputed' },
          })
        ).statusCode,
      ).toBe(404);
    expect((await reportsOf(owner.id))[0]!.state).toBe('waiting');
    const res = await halt(admin.token, report!.id, { reason: 'The family disputes the report.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: report!.id, state: 'halted' });
    expect((await halt(admin.token, report!.id, { reason: 'Again' })).statusCode).toBe(404);
    expect(await stateOf(owner.id)).toBe('sealed');
    expect(await ctx.deps.legacy.release(report!.id)).toBe('skipped');
    const log = (await call(ctx, legacyRoutes.settings, owner.token)).json().data.log;
    expect(log[0].text).toContain('The family disputes the report.');
    await flushLegacyMails(ctx);
    expect(mailsTo(owner.email).at(-1)!.subject).toBe('The release of your final message has been halted');
  });
});
