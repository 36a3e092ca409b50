import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_REVOKED,
  GRANT_ALREADY_PUBLISHED,
  PUBLISH_AFTER_PASSING,
  REQUEST_HAS_NO_VIDEO,
  funeralHomeRoutes,
  deliveryRoutes,
  routeUrl,
} from '@pw/contracts';
import { insertVideo } from '../../../test/delivery-fixtures';
import { readOutbox, contextForSuite } from '../../../test/helpers';
import { ADMIN_ENV, signInAdmin, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { watchGrants } from '../delivery/delivery.schema';
import { openAtOnce } from '../legacy/legacy.fixtures';
import { legacySettings } from '../legacy/legacy.schema';
import { videos } from '../videos/videos.schema';
import { funeralRequests } from './funeral-homes.schema';
import { call, signUpListedHome } from './funeral-homes.fixtures';

let seq = 0;
const someone = () => `kin-${++seq}@grants.test`;

describe("who holds access, revoking, and a final message published only after its author's passing", () => {
  let admin: SignedIn;
  let stranger: SignedIn;

  const grant = (owner: SignedIn, videoId: number, type: 0 | 1, email: string) =>
    call(ctx, funeralHomeRoutes.grantAccess, owner.token, { params: { id: videoId }, body: { type, email } });
  const listGrants = (token: string | undefined, videoId: number) =>
    call(ctx, funeralHomeRoutes.grants, token, { params: { id: videoId } });
  const revoke = (token: string | undefined, videoId: number | string, grantId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(funeralHomeRoutes.revokeGrant, { id: videoId, grant_id: grantId }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const requestVideo = (home: SignedIn, id: number) =>
    call(ctx, funeralHomeRoutes.requestVideo, home.token, { params: { id } });
  const publish = (home: SignedIn, id: number) =>
    call(ctx, funeralHomeRoutes.publish, home.token, { params: { id } });
  const videoRow = async (id: number) =>
    (await ctx.deps.db.select().from(videos).where(eq(videos.id, id)))[0]!;
  const requestRow = async (id: number) =>
    (await ctx.deps.db.select().from(funeralRequests).where(eq(funeralRequests.id, id)))[0]!;
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });
  const linkTo = async (email: string) => {
    const mail = (await readOutbox(ctx.dataDir)).filter((m) => m.to === email).at(-1);
    return /\/watch\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };
  const setRelease = (ownerId: number, state: 'sealed' | 'waiting' | 'released') =>
    ctx.deps.db
      .insert(legacySettings)
      .values({ userId: ownerId, state })
      .onConflictDoUpdate({ target: legacySettings.userId, set: { state } });

  /** A new owner (sealed by default: no release settings yet) whose final message they granted a new home. */
  async function sealedGrant() {
    const owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    const home = await signUpListedHome(ctx, { home_name: 'Evergreen Chapel' });
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final', title: 'My last words' });
    const granted = await grant(owner, videoId, 1, home.email);
    expect(granted.statusCode).toBe(200);
    return { owner, home, videoId, requestId: granted.json().data.request_id as number };
  }

  const ctx = contextForSuite(ADMIN_ENV);
  beforeAll(async () => {
    [admin, stranger] = await Promise.all([signInAdmin(ctx), signUpUser(ctx)]);
  });

  describe('a home publishing a final message', () => {
    it('before the release: 423 with a plain message, the video stays private, nothing recorded', async () => {
      const { home, videoId, requestId } = await sealedGrant();
      const watched = await requestVideo(home, requestId);
      expect(watched.statusCode).toBe(200);
      expect(watched.json().data).toMatchObject({ id: videoId, awaiting_release: true });

      const refused = await publish(home, requestId);
      expect(refused.statusCode).toBe(423);
      expect(refused.json().message).toBe(PUBLISH_AFTER_PASSING);
      expect((await videoRow(videoId)).isPrivate).toBe(1);
      expect((await requestRow(requestId)).publishedAt).toBeNull();
    });

    it('while a report waits it is still 423; once released (or open at once) it publishes', async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      await setRelease(owner.id, 'waiting');
      expect((await publish(home, requestId)).statusCode).toBe(423);
      await setRelease(owner.id, 'released');
      expect((await requestVideo(home, requestId)).json().data.awaiting_release).toBe(false);
      expect((await publish(home, requestId)).statusCode).toBe(200);
      expect((await videoRow(videoId)).isPrivate).toBe(0);

      const other = await sealedGrant();
      await openAtOnce(ctx, other.owner.id);
      expect((await publish(other.home, other.requestId)).statusCode).toBe(200);
    });

    it('a granted draft is not a final message: the home publishes it without waiting', async () => {
      const owner = await signUpUser(ctx);
      const home = await signUpListedHome(ctx);
      const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
      const requestId = (await grant(owner, videoId, 1, home.email)).json().data.request_id as number;
      expect((await requestVideo(home, requestId)).json().data.awaiting_release).toBe(false);
      expect((await publish(home, requestId)).statusCode).toBe(200);
    });
  });

  describe('GET /web/user/video/{id}/grants', () => {
    it('lists the homes and people holding access, newest first, with their dates', async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      ctx.clock.advance(60_000);
      const person = someone();
      expect((await grant(owner, videoId, 0, person)).statusCode).toBe(200);
      const response = await listGrants(owner.token, videoId);
      expect(response.statusCode).toBe(200);
      const [first, second] = response.json().data;
      expect(first).toMatchObject({
        kind: 'person',
        name: null,
        email: person,
        granted_by: 'Olive Owner',
        published_at: null,
        revoked_at: null,
        revocable: true,
      });
      expect(second).toMatchObject({
        id: `home-${requestId}`,
        kind: 'funeral-home',
        name: 'Evergreen Chapel',
        email: home.email,
        revocable: true,
      });
      expect(Date.parse(first.granted_at)).toBeGreaterThan(Date.parse(second.granted_at));
    });

    it('an empty list for a video never granted', async () => {
      const owner = await signUpUser(ctx);
      const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
      expect((await listGrants(owner.token, videoId)).json()).toEqual({ data: [] });
    });

    it("another user's video and unknown ids: 404; a home or an admin: 403; no credential: 401", async () => {
      const { home, videoId } = await sealedGrant();
      expect((await listGrants(stranger.token, videoId)).statusCode).toBe(404);
      expect((await listGrants(stranger.token, 999_999)).statusCode).toBe(404);
      expect((await listGrants(home.token, videoId)).statusCode).toBe(403);
      expect((await listGrants(admin.token, videoId)).statusCode).toBe(403);
      expect((await listGrants(undefined, videoId)).statusCode).toBe(401);
    });

    it('odd and oversized video ids answer 404, 414 or 422, never 500', async () => {
      const { owner } = await sealedGrant();
      for (const odd of ['abc', '-1', '0', '1.5', '9'.repeat(40), '%00', 'x'.repeat(2000)]) {
        const answer = await ctx.app.inject({
          method: 'GET',
          url: routeUrl(funeralHomeRoutes.grants, { id: encodeURIComponent(odd) }),
          headers: { authorization: `Bearer ${owner.token}` },
        });
        expect([404, 414, 422], `${odd.slice(0, 20)}: ${answer.statusCode}`).toContain(answer.statusCode);
      }
    });
  });

  describe('POST /web/user/video/{id}/grants/{grant_id}/revoke', () => {
    it("a revoked home's request no longer holds the video: 404 on its video call, nothing to publish", async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      const revoked = await revoke(owner.token, videoId, `home-${requestId}`);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({
        message: ACCESS_REVOKED,
        data: { id: `home-${requestId}`, revocable: false },
      });
      expect(revoked.json().data.revoked_at).not.toBeNull();

      const video = await requestVideo(home, requestId);
      expect(video.statusCode).toBe(404);
      expect(video.json().message).toBe(REQUEST_HAS_NO_VIDEO);
      const detail = await call(ctx, funeralHomeRoutes.request, home.token, { params: { id: requestId } });
      expect(detail.json().data.video).toBeNull();
      await openAtOnce(ctx, owner.id);
      expect((await publish(home, requestId)).statusCode).toBe(422);
      expect((await videoRow(videoId)).isPrivate).toBe(1);
    });

    it('revoking twice answers the same; granting again hands the video back', async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      const first = await revoke(owner.token, videoId, `home-${requestId}`);
      ctx.clock.advance(60_000);
      const second = await revoke(owner.token, videoId, `home-${requestId}`);
      expect(second.statusCode).toBe(200);
      expect(second.json().data.revoked_at).toBe(first.json().data.revoked_at);

      const again = await grant(owner, videoId, 1, home.email);
      expect(again.json().data.request_id).toBe(requestId);
      expect((await requestVideo(home, requestId)).statusCode).toBe(200);
    });

    it("a revoked person's watch link answers 404", async () => {
      const owner = await signUpUser(ctx);
      const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final' });
      const person = someone();
      expect((await grant(owner, videoId, 0, person)).statusCode).toBe(200);
      const token = await linkTo(person);
      expect((await watch(token)).statusCode).toBe(200);
      const [row] = await ctx.deps.db.select().from(watchGrants).where(eq(watchGrants.videoId, videoId));
      expect((await revoke(owner.token, videoId, `person-${row!.id}`)).statusCode).toBe(200);
      expect((await watch(token)).statusCode).toBe(404);
      expect((await revoke(owner.token, videoId, `person-${row!.id}`)).statusCode).toBe(200);
    });

    it("a revoked person's media URL, issued before the revocation, is refused within a quarter of an hour", async () => {
      const owner = await signUpUser(ctx);
      const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final' });
      const mediaKey = (await videoRow(videoId)).mediaKey!;
      await ctx.deps.storage.put(mediaKey, Buffer.from('the video itself'), 'video/mp4');
      const person = someone();
      expect((await grant(owner, videoId, 0, person)).statusCode).toBe(200);
      const issued = (await watch(await linkTo(person))).json().data.video_link as string;
      const media = () => ctx.app.inject({ method: 'GET', url: issued });
      expect((await media()).statusCode).toBe(200);
      const [row] = await ctx.deps.db.select().from(watchGrants).where(eq(watchGrants.videoId, videoId));
      expect((await revoke(owner.token, videoId, `person-${row!.id}`)).statusCode).toBe(200);
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60 * 1000 + 1000));
      try {
        const refused = await media();
        expect(refused.statusCode).toBe(403);
        expect(refused.body).not.toContain('the video itself');
      } finally {
        ctx.clock.set(new Date());
      }
    });

    it("a revoked home's media URL, issued before the revocation, is refused within a quarter of an hour", async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      const mediaKey = (await videoRow(videoId)).mediaKey!;
      await ctx.deps.storage.put(mediaKey, Buffer.from('the final message'), 'video/mp4');
      const issued = (await requestVideo(home, requestId)).json().data.video_link as string;
      const media = () => ctx.app.inject({ method: 'GET', url: issued });
      expect((await media()).statusCode).toBe(200);
      expect((await revoke(owner.token, videoId, `home-${requestId}`)).statusCode).toBe(200);
      ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60 * 1000 + 1000));
      try {
        const refused = await media();
        expect(refused.statusCode).toBe(403);
        expect(refused.body).not.toContain('the final message');
      } finally {
        ctx.clock.set(new Date());
      }
    });

    it('a published grant cannot be revoked: 422 with a plain message, nothing changes', async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      await openAtOnce(ctx, owner.id);
      expect((await publish(home, requestId)).statusCode).toBe(200);
      const refused = await revoke(owner.token, videoId, `home-${requestId}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(GRANT_ALREADY_PUBLISHED);
      expect((await requestRow(requestId)).revokedAt).toBeNull();
      const [listed] = (await listGrants(owner.token, videoId)).json().data;
      expect(listed).toMatchObject({ revocable: false, revoked_at: null });
      expect(listed.published_at).not.toBeNull();
    });

    it("another user's video or grant: 404; a home or an admin: 403; no credential: 401; nothing changes", async () => {
      const { owner, home, videoId, requestId } = await sealedGrant();
      const grantId = `home-${requestId}`;
      expect((await revoke(stranger.token, videoId, grantId)).statusCode).toBe(404);
      // The stranger's own video with the owner's grant id: still not theirs.
      const theirs = await insertVideo(ctx.deps.db, stranger.id, { folder: 'draft' });
      expect((await revoke(stranger.token, theirs, grantId)).statusCode).toBe(404);
      // The owner's other video does not hold this grant.
      const otherVideo = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
      expect((await revoke(owner.token, otherVideo, grantId)).statusCode).toBe(404);
      for (const odd of ['abc', 'home-', 'home-abc', 'person-99999999', 'home-99999', 'x-1'])
        expect((await revoke(owner.token, videoId, odd)).statusCode, odd).toBe(404);
      // Oversized or negative grant ids: refused by the route (422/414) or unknown (404), never a 500.
      for (const odd of [`home-${'9'.repeat(40)}`, 'home--1', `person-${'1'.repeat(2000)}`])
        expect([404, 414, 422]).toContain((await revoke(owner.token, videoId, odd)).statusCode);
      expect((await revoke(owner.token, 'abc', grantId)).statusCode).toBe(404);
      expect((await revoke(home.token, videoId, grantId)).statusCode).toBe(403);
      expect((await revoke(admin.token, videoId, grantId)).statusCode).toBe(403);
      expect((await revoke(undefined, videoId, grantId)).statusCode).toBe(401);
      expect((await requestRow(requestId)).revokedAt).toBeNull();
      expect((await requestVideo(home, requestId)).statusCode).toBe(200);
    });
  });
});
