import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLISH_NEEDS_PLAN,
  REQUEST_HAS_NO_VIDEO,
  VIDEO_PUBLISHED,
  funeralHomeRoutes,
  notificationKinds,
  videoRoutes,
  routeUrl,
} from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { notifications } from '../notifications/notifications.schema';
import { videos } from '../videos/videos.schema';
import { captionTracks } from '../captions/captions.schema';
import { call, endPlanOf, finalVideo, openByCode, signUpListedHome } from './funeral-homes.fixtures';

describe("the home's request video and publishing (the chain of consent)", () => {
  let holder: SignedIn;
  let viewer: SignedIn;
  let rival: SignedIn;

  /** A final video its holder opened by code and granted to a new listed home: the home's request. */
  async function grantedRequest() {
    const home = await signUpListedHome(ctx, { home_name: 'Evergreen Chapel' });
    const video = await finalVideo(ctx);
    expect((await openByCode(ctx, holder.token, video.accessCode)).statusCode).toBe(200);
    // One holder grants many homes here; the outbound e-mail limit has its own tests.
    await ctx.deps.rateLimiter.resetPrefix(`mailOut`);
    const granted = await call(ctx, funeralHomeRoutes.grantAccess, holder.token, {
      params: { id: video.id },
      body: { type: 1, email: home.email },
    });
    expect(granted.statusCode).toBe(200);
    return { home, video, requestId: granted.json().data.request_id as number };
  }
  /** A request made by the form alone at the rival home (where nothing was granted): no video. */
  async function formOnlyRequest() {
    const home = rival;
    const [service] = (await call(ctx, funeralHomeRoutes.services, holder.token)).json().data;
    const [location] = (await call(ctx, funeralHomeRoutes.locations, holder.token)).json().data;
    const sent = await call(ctx, funeralHomeRoutes.create, holder.token, {
      params: { id: home.id },
      body: { service_id: service.id, location_id: location.id, speaker: 'A friend' },
    });
    return sent.json().data.id as number;
  }
  const requestVideo = (token: string | undefined, id: number) =>
    call(ctx, funeralHomeRoutes.requestVideo, token, { params: { id } });
  const publish = (token: string | undefined, id: number) =>
    call(ctx, funeralHomeRoutes.publish, token, { params: { id } });
  const isPrivate = async (videoId: number) =>
    (await ctx.deps.db.select().from(videos).where(eq(videos.id, videoId)))[0]!.isPrivate;
  const publishedNotices = () =>
    ctx.deps.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, holder.id), eq(notifications.kind, notificationKinds.videoPublished)),
      );
  const bySearchCode = (code: string) =>
    call(ctx, videoRoutes.bySearchCodeSlash, viewer.token, { params: { code } as never });

  const ctx = contextForSuite();
  beforeAll(async () => {
    [holder, viewer, rival] = await Promise.all([
      signUpUser(ctx, { first_name: 'Hana', last_name: 'Holder' }),
      signUpUser(ctx),
      signUpListedHome(ctx),
    ]);
  });

  describe('GET /web/funeral-home/connection/{id}/video', () => {
    it('answers the video at signed, expiring media URLs', async () => {
      const { home, video, requestId } = await grantedRequest();
      const response = await requestVideo(home.token, requestId);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ id: video.id, type: 'final', is_private: 1, access_code: null });
      expect(data.video_link).toMatch(/^\/api\/media\/v\/.+\?exp=\d+&sig=/);
      expect(data.video_thumbnail).toMatch(/^\/api\/media\/v\//);
      expect(data.captions).toEqual([]);
    });

    it("carries the video's accepted captions, never a draft, to the home and to the code's holder", async () => {
      const { home, video, requestId } = await grantedRequest();
      for (const [language, status] of [
        ['en', 'accepted'],
        ['fr', 'draft'],
      ] as const) {
        const objectKey = `captions/home${video.id}${language}.vtt`;
        await ctx.deps.storage.put(
          objectKey,
          Buffer.from(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n${language}\n`),
          'text/vtt',
        );
        await ctx.deps.db.insert(captionTracks).values({
          videoId: video.id,
          ownerId: video.ownerId,
          language,
          source: 'owner',
          status,
          objectKey,
          cueCount: 1,
          updatedAt: ctx.clock.now(),
        });
      }
      const captions = (await requestVideo(home.token, requestId)).json().data.captions;
      expect(captions).toEqual([
        { language: 'en', url: expect.stringMatching(/^\/api\/media\/v\/captions\//) },
      ]);
      const file = await ctx.app.inject({ method: 'GET', url: captions[0].url });
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain('\nen\n');
      const byCode = (await openByCode(ctx, holder.token, video.accessCode)).json().data.data;
      expect(byCode.captions.map((track: { language: string }) => track.language)).toEqual(['en']);
    });

    it('404 for another home’s request, a request with no video yet, unknown and odd ids', async () => {
      const { home, requestId } = await grantedRequest();
      expect((await requestVideo(rival.token, requestId)).statusCode).toBe(404);
      const formOnly = await formOnlyRequest();
      const none = await requestVideo(rival.token, formOnly);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(REQUEST_HAS_NO_VIDEO);
      for (const id of ['abc', '-1', '2147483648', '99999999999999999999']) {
        const odd = await ctx.app.inject({
          method: 'GET',
          url: routeUrl(funeralHomeRoutes.requestVideo, { id }),
          headers: { authorization: `Bearer ${home.token}` },
        });
        expect(odd.statusCode, id).toBe(404);
      }
      expect((await requestVideo(home.token, 999_999)).statusCode).toBe(404);
    });

    it('the home’s access ends with its granter’s: the video no longer the final one is 404', async () => {
      const { home, video, requestId } = await grantedRequest();
      await ctx.deps.db.update(videos).set({ folder: 'draft' }).where(eq(videos.id, video.id));
      expect((await requestVideo(home.token, requestId)).statusCode).toBe(404);
      expect((await publish(home.token, requestId)).statusCode).toBe(422);
      expect(await isPrivate(video.id)).toBe(1);
    });

    it('needs a credential (401) and the funeral-home role (403)', async () => {
      const { requestId } = await grantedRequest();
      expect((await requestVideo(undefined, requestId)).statusCode).toBe(401);
      expect((await requestVideo(holder.token, requestId)).statusCode).toBe(403);
    });
  });

  describe('POST /web/funeral-home/connection/{id}/publish', () => {
    it('publishes: public, found by its search code and in the reel; the granting person is told once', async () => {
      const { home, video, requestId } = await grantedRequest();
      expect((await bySearchCode(video.searchCode)).statusCode).toBe(404);
      const response = await publish(home.token, requestId);
      expect(response.statusCode).toBe(200);
      const { message, data } = response.json();
      expect(message).toBe(VIDEO_PUBLISHED);
      expect(data).toMatchObject({
        id: requestId,
        video: { id: video.id },
        published_at: expect.any(String),
      });
      expect(await isPrivate(video.id)).toBe(0);
      const found = await bySearchCode(video.searchCode);
      expect(found.statusCode).toBe(200);
      expect(found.json().data.data).toMatchObject({ id: video.id, is_private: 0 });
      const feed = await call(ctx, videoRoutes.feed, viewer.token, { query: { per_page: 100 } });
      expect(feed.json().data.map((item: { id: number }) => item.id)).toContain(video.id);
      const notices = await publishedNotices();
      expect(notices.filter((notice) => notice.data.request_id === requestId)).toHaveLength(1);
      expect(notices.at(-1)!.body).toContain('Evergreen Chapel');

      // Publishing again answers the same and tells nobody again.
      const again = await publish(home.token, requestId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(response.json());
      expect((await publishedNotices()).filter((n) => n.data.request_id === requestId)).toHaveLength(1);
      // The home's list shows it published.
      const list = (await call(ctx, funeralHomeRoutes.requests, home.token)).json().data;
      expect(list[0]).toMatchObject({ id: requestId, published_at: data.published_at });
    });

    it('a double click publishes once: one notice', async () => {
      const { home, requestId } = await grantedRequest();
      const [a, b] = await Promise.all([publish(home.token, requestId), publish(home.token, requestId)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect((await publishedNotices()).filter((n) => n.data.request_id === requestId)).toHaveLength(1);
    });

    it('a home without a running plan cannot publish, and is told why (403); nothing changes', async () => {
      const { home, video, requestId } = await grantedRequest();
      await endPlanOf(ctx, home.id);
      const response = await publish(home.token, requestId);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(PUBLISH_NEEDS_PLAN);
      expect(await isPrivate(video.id)).toBe(1);
      // It still reads what it received (docs/product.md §8.1).
      expect((await requestVideo(home.token, requestId)).statusCode).toBe(200);
    });

    it('another home’s request is 404 and nothing changes; a request with no video is 422', async () => {
      const { video, requestId } = await grantedRequest();
      const response = await publish(rival.token, requestId);
      expect(response.statusCode).toBe(404);
      expect(await isPrivate(video.id)).toBe(1);
      const formOnly = await formOnlyRequest();
      const none = await publish(rival.token, formOnly);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors).toEqual({ video: [REQUEST_HAS_NO_VIDEO] });
      expect((await publishedNotices()).filter((n) => n.data.request_id === requestId)).toHaveLength(0);
    });

    it('a video still being processed cannot be published yet (422)', async () => {
      const { home, video, requestId } = await grantedRequest();
      await ctx.deps.db.update(videos).set({ state: 'processing' }).where(eq(videos.id, video.id));
      const response = await publish(home.token, requestId);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.video).toBeDefined();
      expect(await isPrivate(video.id)).toBe(1);
    });

    it('odd and huge ids: 404', async () => {
      const { home } = await grantedRequest();
      for (const id of ['abc', '-1', '0', '2147483648', '99999999999999999999']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: routeUrl(funeralHomeRoutes.publish, { id }),
          headers: { authorization: `Bearer ${home.token}` },
        });
        expect(response.statusCode, id).toBe(404);
      }
    });

    it('needs a credential (401) and the funeral-home role (403)', async () => {
      const { video, requestId } = await grantedRequest();
      expect((await publish(undefined, requestId)).statusCode).toBe(401);
      expect((await publish(holder.token, requestId)).statusCode).toBe(403);
      expect(await isPrivate(video.id)).toBe(1);
    });

    it('a deactivated home sees nothing: 403 on the video and on publishing (docs/product.md §8.1)', async () => {
      const { home, video, requestId } = await grantedRequest();
      await ctx.deps.db.update(users).set({ status: 0 }).where(eq(users.id, home.id));
      expect((await requestVideo(home.token, requestId)).statusCode).toBe(403);
      expect((await publish(home.token, requestId)).statusCode).toBe(403);
      expect((await call(ctx, funeralHomeRoutes.requests, home.token)).statusCode).toBe(403);
      expect(await isPrivate(video.id)).toBe(1);
    });
  });
});
