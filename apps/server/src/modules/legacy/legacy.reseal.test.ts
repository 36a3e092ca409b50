import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryRoutes,
  funeralHomeRoutes,
  legacyRoutes,
  NOT_YET_RELEASED_MESSAGE,
  NOTHING_TO_RESEAL_MESSAGE,
  RESEALED_MESSAGE,
  routeUrl,
} from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { insertVideo } from '../../../test/delivery-fixtures';
import { bearer, logInAgain, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { call, openByCode, signUpListedHome } from '../funeral-homes/funeral-homes.fixtures';
import { newAccessCode } from '../videos/codes';
import { videos } from '../videos/videos.schema';
import { flushLegacyMails, linkToken } from './legacy.fixtures';
import { legacyReports, legacySettings } from './legacy.schema';
import { RELEASED_USE_RESEAL_MESSAGE } from './legacy.service';

const DAY = 24 * 60 * 60 * 1000;
const SEALED_AGAIN = 'A final message has been sealed again';

/**
 * A mistaken release undone: Olive's passing was reported, nobody cancelled in time, the message was
 * released; a trusted contact got a watch link, a code holder opened it, e-mailed a friend a link and
 * granted it to two homes, one of which published it. Olive, alive, seals it again.
 */
describe('sealing a released final message again (docs/product.md §6.6)', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let holder: SignedIn;

  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });
  const alivePage = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(legacyRoutes.alivePage, { token }) });
  const alive = (token: string) =>
    ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.alive, { token }) });
  const resealByLink = (token: string) =>
    ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.resealByAlive, { token }) });
  const resealSignedIn = (token: string | undefined) => call(ctx, legacyRoutes.reseal, token);
  const stateOf = async (ownerId: number) =>
    (await ctx.deps.db.select().from(legacySettings).where(eq(legacySettings.userId, ownerId)))[0]!.state;

  const signIn = async (person: SignedIn) => {
    const response = await logInAgain(ctx, person);
    expect(response.statusCode).toBe(200);
    return (response.json().data?.token ?? response.json().token) as string;
  };

  /** Olive's message, reported by the holder and released once the waiting period ran out. */
  async function releasedMessage(contact: string) {
    const owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final', title: 'My words' });
    const accessCode = newAccessCode();
    await ctx.deps.db.update(videos).set({ accessCode }).where(eq(videos.id, videoId));
    const saved = await call(ctx, legacyRoutes.saveSettings, owner.token, {
      body: {
        contacts: [{ name: 'Ann Contact', email: contact }],
        waiting_period_days: 3,
        check_in_months: 0,
        available_at_once: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    const contactToken = linkToken(mailsTo(contact).at(-1)!.text, 'contact');
    await ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.confirmContact, { token: contactToken }),
    });
    const reported = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.reportByCode, { code: accessCode }),
      headers: bearer(holder.token),
      payload: { relation: 'Friend' },
    });
    expect(reported.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    const aliveToken = linkToken(mailsTo(owner.email).at(-1)!.text, 'alive');
    const [report] = await ctx.deps.db
      .select()
      .from(legacyReports)
      .where(eq(legacyReports.ownerId, owner.id));
    // Before the release the owner's page says when it will happen (not only the e-mail).
    const before = await alivePage(aliveToken);
    expect(before.json().data).toMatchObject({
      open_report: true,
      release_at: report!.releaseAt.toISOString(),
      released_at: null,
    });
    ctx.clock.advance(3 * DAY + 1000);
    expect(await ctx.deps.legacy.release(report!.id)).toBe('released');
    await flushLegacyMails(ctx);
    const contactWatch = linkToken(mailsTo(contact).at(-1)!.text, 'watch');
    // Three days on, the sessions of the sign-up have lapsed: the owner and the holder sign in again.
    owner.token = await signIn(owner);
    holder.token = await signIn(holder);
    return { owner, videoId, accessCode, aliveToken, contactWatch };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
    holder = await signUpUser(ctx, { first_name: 'Hal', last_name: 'Holder' });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('from the alive link: codes and links stop, unpublished grants withdrawn, the published listed, each told once', async () => {
    const contact = 'ann-contact@kin.test';
    const friend = 'friend-of-hal@kin.test';
    const { owner, videoId, accessCode, aliveToken, contactWatch } = await releasedMessage(contact);
    const [published, pending] = await Promise.all([
      signUpListedHome(ctx, { home_name: 'Evergreen Chapel' }),
      signUpListedHome(ctx, { home_name: 'Willow Rest' }),
    ]);
    // What the release let others do: open it by code, hand it on, publish it.
    expect((await openByCode(ctx, holder.token, accessCode)).statusCode).toBe(200);
    const grant = (body: object) =>
      call(ctx, funeralHomeRoutes.grantAccess, holder.token, { params: { id: videoId }, body });
    await ctx.deps.rateLimiter.resetPrefix('mailOut');
    expect((await grant({ type: 0, email: friend })).statusCode).toBe(200);
    const friendWatch = linkToken(mailsTo(friend).at(-1)!.text, 'watch');
    const publishedId = (await grant({ type: 1, email: published.email })).json().data.request_id;
    const pendingId = (await grant({ type: 1, email: pending.email })).json().data.request_id;
    const publish = await call(ctx, funeralHomeRoutes.publish, published.token, {
      params: { id: publishedId },
    });
    expect(publish.statusCode).toBe(200);
    for (const token of [contactWatch, friendWatch]) expect((await watch(token)).statusCode).toBe(200);

    // After the release the link says plainly what happened, instead of "no longer valid".
    const page = await alivePage(aliveToken);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      open_report: false,
      release_at: null,
      released_at: expect.any(String),
    });
    const plainAlive = await alive(aliveToken);
    expect(plainAlive.statusCode).toBe(409);
    expect(plainAlive.json().message).toBe(RELEASED_USE_RESEAL_MESSAGE);
    expect(await stateOf(owner.id)).toBe('released');

    // A double click: both answered alike, one sealing, one set of e-mails.
    const [first, second] = await Promise.all([resealByLink(aliveToken), resealByLink(aliveToken)]);
    const answered = [first, second].filter((r) => r.statusCode === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of [first, second]) expect([200, 404]).toContain(r.statusCode);
    const expected = {
      published: [
        { home_name: 'Evergreen Chapel', email: published.email, published_at: expect.any(String) },
      ],
    };
    for (const r of answered) {
      expect(r.json().message).toBe(RESEALED_MESSAGE);
      expect(r.json().data).toMatchObject(expected);
    }
    expect(await stateOf(owner.id)).toBe('sealed');

    // Nothing rested on the release opens it any more.
    const code = await openByCode(ctx, holder.token, accessCode);
    expect(code.statusCode).toBe(423);
    expect(code.json()).toEqual({ message: NOT_YET_RELEASED_MESSAGE, data: { state: 'sealed' } });
    for (const token of [contactWatch, friendWatch]) expect((await watch(token)).statusCode).toBe(404);
    const pendingVideo = await call(ctx, funeralHomeRoutes.requestVideo, pending.token, {
      params: { id: pendingId },
    });
    expect(pendingVideo.statusCode).toBe(404);
    // The owner's list: the published grant stays (public for good), the other withdrawn.
    const grants = (
      await call(ctx, funeralHomeRoutes.grants, owner.token, { params: { id: videoId } })
    ).json().data as Array<{ name: string | null; published_at: string | null; revoked_at: string | null }>;
    expect(grants.find((g) => g.name === 'Evergreen Chapel')).toMatchObject({
      published_at: expect.any(String),
    });
    expect(grants.find((g) => g.name === 'Willow Rest')).toMatchObject({ revoked_at: expect.any(String) });
    // Sealed again: the link is spent; the signed-in call answers the same without telling anyone again.
    expect((await resealByLink(aliveToken)).statusCode).toBe(404);
    const again = await resealSignedIn(owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject(expected);

    await flushLegacyMails(ctx);
    for (const to of [contact, published.email, pending.email])
      expect(mailsTo(to).filter((m) => m.subject === SEALED_AGAIN)).toHaveLength(1);
    expect(mailsTo(published.email).find((m) => m.subject === SEALED_AGAIN)!.text).toContain('take it down');
    expect(mailsTo(pending.email).find((m) => m.subject === SEALED_AGAIN)!.text).toContain('withdrawn');
    expect(mailsTo(friend).filter((m) => m.subject === SEALED_AGAIN)).toHaveLength(0);
  });

  it('signed in: 401 without a credential, 403 for a home, 409 when nothing was released; then seals', async () => {
    const { owner, accessCode } = await releasedMessage('bea-contact@kin.test');
    const home = await signUpListedHome(ctx);
    expect((await resealSignedIn(undefined)).statusCode).toBe(401);
    expect((await resealSignedIn(home.token)).statusCode).toBe(403);
    const never = await signUpUser(ctx);
    const refused = await resealSignedIn(never.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOTHING_TO_RESEAL_MESSAGE);
    expect(await stateOf(owner.id)).toBe('released');

    const sealed = await resealSignedIn(owner.token);
    expect(sealed.statusCode).toBe(200);
    expect(sealed.json()).toEqual({ message: RESEALED_MESSAGE, data: { published: [], withdrawn: 0 } });
    expect((await openByCode(ctx, holder.token, accessCode)).statusCode).toBe(423);
    const log = (await call(ctx, legacyRoutes.settings, owner.token)).json().data.log;
    expect(log[0].text).toContain('sealed your final message again');
  });
});
