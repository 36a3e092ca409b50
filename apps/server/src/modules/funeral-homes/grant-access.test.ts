import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_GRANTED_HOME,
  ACCESS_GRANTED_PERSON,
  FUNERAL_HOME_NOT_FOUND,
  GRANT_EMAIL_FAILED,
  funeralHomeRoutes,
  deliveryRoutes,
  routeUrl,
} from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { signUpFuneralHome, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { watchGrants } from '../delivery/delivery.schema';
import { hashWatchToken } from '../delivery/delivery.tokens';
import { videos } from '../videos/videos.schema';
import {
  call,
  endPlanOf,
  finalVideo,
  openByCode,
  signUpListedHome,
  requestNoticesOf,
  requestsAt as requestsAtHome,
} from './funeral-homes.fixtures';

let seq = 0;
const someone = (label: string) => `${label}-${++seq}@kin.test`;

describe('grant access (POST /web/user/video/{id}/grant-access)', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let holder: SignedIn;
  let stranger: SignedIn;
  let services: Array<{ id: number; name: string }>;
  let locations: Array<{ id: number; name: string }>;

  const grant = (token: string | undefined, videoId: number | string, body: object) =>
    typeof videoId === 'string'
      ? ctx.app.inject({
          method: 'POST',
          url: routeUrl(funeralHomeRoutes.grantAccess, { id: videoId }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: body,
        })
      : call(ctx, funeralHomeRoutes.grantAccess, token, { params: { id: videoId }, body });
  const sendForm = (token: string, homeId: number, speaker = 'Our pastor') =>
    call(ctx, funeralHomeRoutes.create, token, {
      params: { id: homeId },
      body: { service_id: services[0]!.id, location_id: locations[0]!.id, speaker },
    });
  const requestsAt = (homeId: number) => requestsAtHome(ctx, homeId);
  const noticesOf = (homeId: number) => requestNoticesOf(ctx, homeId);
  const grantsOf = (videoId: number) =>
    ctx.deps.db.select().from(watchGrants).where(eq(watchGrants.videoId, videoId));
  const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to === email);
  const linkIn = (text: string) => /http:\/\/pw\.test\/watch\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });

  /** A final video of a new owner (Olive Owner) that `holder` opened with its code (the real call). */
  async function openedVideo(title?: string) {
    const video = await finalVideo(ctx, undefined, title);
    expect((await openByCode(ctx, holder.token, video.accessCode)).statusCode).toBe(200);
    return video;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
    [holder, stranger] = await Promise.all([
      signUpUser(ctx, { first_name: 'Hana', last_name: 'Holder' }),
      signUpUser(ctx),
    ]);
    services = (await call(ctx, funeralHomeRoutes.services, holder.token)).json().data;
    locations = (await call(ctx, funeralHomeRoutes.locations, holder.token)).json().data;
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  describe('type 1: a listed funeral home', () => {
    it('the owner hands the video to a home: a request holding it, the home notified, listed without a form', async () => {
      const [home, owner] = await Promise.all([
        signUpListedHome(ctx),
        signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' }),
      ]);
      const video = await finalVideo(ctx, owner.id);
      const response = await grant(owner.token, video.id, { type: 1, email: home.email });
      expect(response.statusCode).toBe(200);
      const { message, data } = response.json();
      expect(message).toBe(ACCESS_GRANTED_HOME);
      expect(data).toEqual({ type: 1, email: home.email, request_id: expect.any(Number) });
      const rows = await requestsAt(home.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: data.request_id, requesterId: owner.id, videoId: video.id });
      const notices = await noticesOf(home.id);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.data).toMatchObject({ request_id: data.request_id });

      const list = (await call(ctx, funeralHomeRoutes.requests, home.token)).json().data;
      expect(list).toEqual([
        expect.objectContaining({
          id: data.request_id,
          name: 'Olive Owner',
          video: { id: video.id },
          has_form: false,
          published_at: null,
        }),
      ]);
      const detail = await call(ctx, funeralHomeRoutes.request, home.token, {
        params: { id: data.request_id },
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data).toMatchObject({ funeralPreferences: null, speaker: null, has_form: false });
    });

    it('someone who opened the video with its access code may grant it; before opening it they may not', async () => {
      const home = await signUpListedHome(ctx);
      const video = await finalVideo(ctx);
      const before = await grant(holder.token, video.id, { type: 1, email: home.email });
      expect(before.statusCode).toBe(404);
      expect(await requestsAt(home.id)).toHaveLength(0);
      expect((await openByCode(ctx, holder.token, video.accessCode)).statusCode).toBe(200);
      const after = await grant(holder.token, video.id, { type: 1, email: home.email.toUpperCase() });
      expect(after.statusCode).toBe(200);
      const [row] = await requestsAt(home.id);
      expect(row).toMatchObject({ requesterId: holder.id, videoId: video.id, name: 'Hana Holder' });
    });

    it('grant by someone who has neither the video nor its code: 404, nothing created, nothing sent', async () => {
      const home = await signUpListedHome(ctx);
      const video = await finalVideo(ctx);
      const other = await finalVideo(ctx);
      const to = someone('stranger');
      for (const [id, body] of [
        [video.id, { type: 1, email: home.email }],
        [video.id, { type: 0, email: to }],
        [999_999, { type: 1, email: home.email }],
      ] as const) {
        const response = await grant(stranger.token, id, body);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Video not found.');
      }
      // Opening another video by its code gives no right to this one.
      expect((await openByCode(ctx, stranger.token, other.accessCode)).statusCode).toBe(200);
      expect((await grant(stranger.token, video.id, { type: 1, email: home.email })).statusCode).toBe(404);
      expect(await requestsAt(home.id)).toHaveLength(0);
      expect(await noticesOf(home.id)).toHaveLength(0);
      expect(await grantsOf(video.id)).toHaveLength(0);
      expect(mailsTo(to)).toHaveLength(0);
    });

    it('the right of a code holder ends when the video is no longer the final one, or its owner is deactivated', async () => {
      const home = await signUpListedHome(ctx);
      const video = await openedVideo();
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, video.ownerId));
      try {
        expect((await grant(holder.token, video.id, { type: 1, email: home.email })).statusCode).toBe(404);
      } finally {
        await ctx.deps.db.update(users).set({ status: 1 }).where(eq(users.id, video.ownerId));
      }
      await ctx.deps.db.update(videos).set({ folder: 'draft' }).where(eq(videos.id, video.id));
      expect((await grant(holder.token, video.id, { type: 1, email: home.email })).statusCode).toBe(404);
      expect(await requestsAt(home.id)).toHaveLength(0);
      await ctx.deps.db.update(videos).set({ folder: 'final' }).where(eq(videos.id, video.id));
    });

    it('a home that is not listed (no plan, plan ran out, deactivated), a user’s e-mail or an unknown one: 404', async () => {
      const unpaid = await signUpFuneralHome(ctx);
      const lapsed = await signUpListedHome(ctx);
      await endPlanOf(ctx, lapsed.id);
      const paused = await signUpListedHome(ctx);
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, paused.id));
      const video = await openedVideo();
      for (const email of [unpaid.email, lapsed.email, paused.email, stranger.email, someone('nobody')]) {
        const response = await grant(holder.token, video.id, { type: 1, email });
        expect(response.statusCode, email).toBe(404);
        expect(response.json().message).toBe(FUNERAL_HOME_NOT_FOUND);
      }
      for (const home of [unpaid, lapsed, paused]) expect(await requestsAt(home.id)).toHaveLength(0);
    });

    it('a double click, or a retry later, answers the same request: one row, one notice', async () => {
      const home = await signUpListedHome(ctx);
      const video = await openedVideo();
      const body = { type: 1, email: home.email };
      const [a, b] = await Promise.all([
        grant(holder.token, video.id, body),
        grant(holder.token, video.id, body),
      ]);
      ctx.clock.advance(3_600_000);
      const c = await grant(holder.token, video.id, body);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect(new Set([a, b, c].map((r) => r.json().data.request_id)).size).toBe(1);
      expect(await requestsAt(home.id)).toHaveLength(1);
      expect(await noticesOf(home.id)).toHaveLength(1);
    });

    it('a form sent first and a grant after it are one request at the home, holding both', async () => {
      const home = await signUpListedHome(ctx);
      const video = await openedVideo();
      const form = await sendForm(holder.token, home.id, 'The eldest grandchild');
      expect(form.json().data).toMatchObject({ video: null, has_form: true });
      const granted = await grant(holder.token, video.id, { type: 1, email: home.email });
      expect(granted.json().data.request_id).toBe(form.json().data.id);
      const detail = (
        await call(ctx, funeralHomeRoutes.request, home.token, { params: { id: form.json().data.id } })
      ).json().data;
      expect(detail).toMatchObject({
        video: { id: video.id },
        has_form: true,
        speaker: 'The eldest grandchild',
        funeralPreferences: { typeOfService: services[0], locationOfService: locations[0] },
      });
      expect(await requestsAt(home.id)).toHaveLength(1);
      // Two notices: the form, then the video.
      expect(await noticesOf(home.id)).toHaveLength(2);
    });

    it('a grant first and a form after it are one request; a later form is a request of its own', async () => {
      const home = await signUpListedHome(ctx);
      const video = await openedVideo();
      const granted = (await grant(holder.token, video.id, { type: 1, email: home.email })).json().data;
      const form = await sendForm(holder.token, home.id, 'Our pastor');
      expect(form.statusCode).toBe(201);
      expect(form.json().data).toMatchObject({
        id: granted.request_id,
        video: { id: video.id },
        has_form: true,
        speaker: 'Our pastor',
      });
      // The same form again at once is the double click of docs/product.md §8.2: still that request.
      expect((await sendForm(holder.token, home.id, 'Our pastor')).json().data.id).toBe(granted.request_id);
      const another = await sendForm(holder.token, home.id, 'A friend');
      expect(another.json().data).toMatchObject({ video: null, has_form: true });
      expect(another.json().data.id).not.toBe(granted.request_id);
      const list = (await call(ctx, funeralHomeRoutes.requests, home.token)).json();
      expect(list.meta.total).toBe(2);
    });
  });

  describe('type 0: another person by e-mail', () => {
    it('e-mails a private link that opens the watch page with no account; only its hash is stored', async () => {
      const video = await openedVideo('For the family');
      const to = someone('cousin');
      const response = await grant(holder.token, video.id, { type: 0, email: to.toUpperCase() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: ACCESS_GRANTED_PERSON,
        data: { type: 0, email: to, request_id: null },
      });
      const [mail] = mailsTo(to);
      expect(mail).toBeDefined();
      // The platform's subject; the title only in the body, quoted as its author's.
      expect(mail!.subject).toBe('A video message has been shared with you on Parting Words');
      expect(mail!.text).toContain('Olive Owner wrote:\n> “For the family”');
      expect(mail!.text).toContain('Hana Holder has given you access to a video message from Olive Owner');
      const token = linkIn(mail!.text);
      expect(token.length).toBeGreaterThanOrEqual(43);
      const [row] = await grantsOf(video.id);
      expect(row).toMatchObject({
        grantedBy: holder.id,
        recipientEmail: to,
        tokenHash: hashWatchToken(token),
      });
      expect(row!.sentAt).not.toBeNull();
      expect(JSON.stringify(row)).not.toContain(token);
      // The outbox row names the grant and the person who granted, not the link.
      const [sent] = await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.ref, `watch-grant:${row!.id}`));
      expect(sent).toMatchObject({ kind: 'grant-access', toEmail: to, state: 'sent', accountId: holder.id });
      expect(JSON.stringify(sent)).not.toContain(token);

      const page = await watch(token);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.json().data).toMatchObject({
        title: 'For the family',
        creator: { first_name: 'Olive', last_name: 'Owner' },
        sender_name: 'Hana Holder',
        video_link: expect.stringMatching(/^\/api\/media\/v\//),
        // A granted link is no delivery: nobody is told of its opening (docs/product.md §5.8).
        receipt: false,
      });
      // A guessed or altered token opens nothing.
      expect((await watch(`${token.slice(0, -2)}AA`)).statusCode).toBe(404);
    });

    it('a double click or a retry within a minute sends one e-mail; later, a deliberate resend sends again', async () => {
      const video = await openedVideo();
      const to = someone('aunt');
      const body = { type: 0, email: to };
      const [a, b] = await Promise.all([
        grant(holder.token, video.id, body),
        grant(holder.token, video.id, body),
      ]);
      const c = await grant(holder.token, video.id, body);
      expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
      expect(mailsTo(to)).toHaveLength(1);
      expect(await grantsOf(video.id)).toHaveLength(1);
      ctx.clock.advance(61_000);
      expect((await grant(holder.token, video.id, body)).statusCode).toBe(200);
      expect(mailsTo(to)).toHaveLength(2);
    });

    it("answers 'Failed to send email!' when the mail server refuses, leaving no link; a retry then sends", async () => {
      const video = await openedVideo();
      const to = someone('refused');
      smtp.setRecipientPolicy((address) => (address === to ? 550 : undefined));
      try {
        const failed = await grant(holder.token, video.id, { type: 0, email: to });
        expect(failed.statusCode).toBe(502);
        expect(failed.json().message).toBe(GRANT_EMAIL_FAILED);
        expect(await grantsOf(video.id)).toHaveLength(0);
      } finally {
        smtp.setRecipientPolicy(() => undefined);
      }
      const retried = await grant(holder.token, video.id, { type: 0, email: to });
      expect(retried.statusCode).toBe(200);
      expect(mailsTo(to)).toHaveLength(1);
      expect(await grantsOf(video.id)).toHaveLength(1);
    });

    it('the link stops working when its granter may no longer see the video, or the owner is deactivated', async () => {
      const video = await openedVideo();
      const to = someone('friend');
      await grant(holder.token, video.id, { type: 0, email: to });
      const token = linkIn(mailsTo(to)[0]!.text);
      expect((await watch(token)).statusCode).toBe(200);
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, video.ownerId));
      try {
        expect((await watch(token)).statusCode).toBe(404);
      } finally {
        await ctx.deps.db.update(users).set({ status: 1 }).where(eq(users.id, video.ownerId));
      }
      await ctx.deps.db.update(videos).set({ folder: 'draft' }).where(eq(videos.id, video.id));
      expect((await watch(token)).statusCode).toBe(404);
    });
  });

  describe('validation and authorization', () => {
    it('refuses a bad type and a bad e-mail with field errors (422), creating nothing', async () => {
      const home = await signUpListedHome(ctx);
      const video = await openedVideo();
      for (const type of [2, -1, 'x', '', null, false, [], 1.5, 1e308, undefined]) {
        const response = await grant(holder.token, video.id, { type, email: home.email });
        expect(response.statusCode, JSON.stringify(type)).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['type']);
      }
      for (const email of ['', 'not-an-email', `${'a'.repeat(250)}@x.test`, 42, { at: 1 }]) {
        const response = await grant(holder.token, video.id, { type: 0, email });
        expect(response.statusCode, JSON.stringify(email)).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['email']);
      }
      expect(await requestsAt(home.id)).toHaveLength(0);
      expect(await grantsOf(video.id)).toHaveLength(0);
    });

    it('odd and huge ids are not found (404)', async () => {
      const home = await signUpListedHome(ctx);
      for (const id of ['abc', '-1', '0', '1.5', '2147483648', '99999999999999999999', '%00']) {
        const response = await grant(holder.token, id, { type: 1, email: home.email });
        expect(response.statusCode, id).toBe(404);
      }
      expect(await requestsAt(home.id)).toHaveLength(0);
    });

    it('needs a credential (401) and the user role (403)', async () => {
      const home = await signUpListedHome(ctx);
      const video = await openedVideo();
      const body = { type: 1, email: home.email };
      expect((await grant(undefined, video.id, body)).statusCode).toBe(401);
      expect((await grant(home.token, video.id, body)).statusCode).toBe(403);
      expect(await requestsAt(home.id)).toHaveLength(0);
    });
  });
});
