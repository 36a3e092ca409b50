import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminAccountRoutes,
  captionRoutes,
  deliveryRoutes,
  routeUrl,
  videoRoutes,
  type CaptionLink,
} from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { deliveriesOf, insertMembership, insertVideo, setUserStatus } from '../../../test/delivery-fixtures';
import { ADMIN_ENV, bearer, signInAdmin, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { videos } from '../videos/videos.schema';
import { hashWatchToken, watchToken } from '../delivery/delivery.tokens';
import { watchGrants } from '../delivery/delivery.schema';
import { signedMediaUrl } from '../../platform/http/signed-url';
import { captionTracks } from './captions.schema';

const VTT_A = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello, my dear.\n';
const VTT_B = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nThis is the other message.\n';
const MEDIA_URL = /^\/api\/media\/v\/captions\/[0-9a-f]+\.vtt\?exp=\d+&sig=[\w-]+$/;

/**
 * Captions go wherever the video goes and no further (docs/product.md §4.7): every answer that plays a
 * video to someone other than its owner carries its accepted tracks at signed URLs made like the video's,
 * and a draft track never leaves its owner.
 */
describe('captions travel with the video', () => {
  const ctx = contextForSuite(ADMIN_ENV);
  let owner: SignedIn;
  let stranger: SignedIn;
  let videoA: number;
  let videoB: number;
  let draftKey: string;

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const saveTrack = async (who: SignedIn, id: number, language: string, vtt: string) => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: routeUrl(captionRoutes.save, { id, language }),
      headers: bearer(who.token),
      payload: { vtt },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  /** A recognizer's track the owner has not accepted: stored like any other, marked draft. */
  const insertDraft = async (who: SignedIn, id: number, language: string) => {
    const key = `captions/draft${id}${language}.vtt`;
    await ctx.deps.storage.put(key, Buffer.from(VTT_A), 'text/vtt');
    await ctx.deps.db.insert(captionTracks).values({
      videoId: id,
      ownerId: who.id,
      language,
      source: 'automatic',
      status: 'draft',
      objectKey: key,
      cueCount: 1,
      updatedAt: ctx.clock.now(),
    });
    return key;
  };
  const scheduleTo = async (id: number, ownerId: number) => {
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      videoId: id,
      ownerId,
      recipientEmail: `kin-${id}@recipient.test`,
      dueAt: new Date(Date.now() + 3_600_000),
    });
    // The newest schedule: an earlier one of the same video was cancelled by it.
    const row = (await deliveriesOf(ctx.deps.db, id)).at(-1);
    return watchToken(ctx.deps.secret, row!.messageId);
  };
  const watch = async (token: string) => {
    const response = await get(routeUrl(deliveryRoutes.watch, { token }));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { video_link: string; captions: CaptionLink[] };
  };

  beforeAll(async () => {
    owner = await signUpUser(ctx);
    stranger = await signUpUser(ctx);
    // Several live deliveries at once need a membership.
    await insertMembership(ctx.deps.db, owner.id);
    videoA = await insertVideo(ctx.deps.db, owner.id, { folder: 'scheduled' });
    videoB = await insertVideo(ctx.deps.db, stranger.id, { folder: 'scheduled' });
    await saveTrack(owner, videoA, 'en', VTT_A);
    await saveTrack(stranger, videoB, 'de', VTT_B);
    draftKey = await insertDraft(owner, videoA, 'fr');
  });

  it("the recipient's watch page lists the video's accepted tracks, whose URLs answer WebVTT", async () => {
    const page = await watch(await scheduleTo(videoA, owner.id));
    // The video plays as before; the draft French track is not there.
    expect(page.video_link).toMatch(/^\/api\/media\/v\/videos\//);
    expect(page.captions).toEqual([{ language: 'en', url: expect.stringMatching(MEDIA_URL) }]);
    const file = await get(page.captions[0]!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.body).toBe(VTT_A);
    // A HEAD reads nothing and says the same.
    const head = await ctx.app.inject({ method: 'HEAD', url: page.captions[0]!.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(VTT_A)));
  });

  it("a link of one video never opens another's captions: its signature does not fit another track", async () => {
    const pageA = await watch(await scheduleTo(videoA, owner.id));
    const pageB = await watch(await scheduleTo(videoB, stranger.id));
    expect(pageB.captions.map((track) => track.language)).toEqual(['de']);
    // A's signature and expiry on B's file: refused, and nothing of B is said.
    const [, keyB] = /\/api\/media\/v\/([^?]+)/.exec(pageB.captions[0]!.url)!;
    const forged = pageA.captions[0]!.url.replace(/captions\/[0-9a-f]+\.vtt/, decodeURIComponent(keyB!));
    const refused = await get(forged);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('other message');
    // Without a signature, or with another one (its last character changed, never to itself), nothing either.
    const urlA = pageA.captions[0]!.url;
    expect((await get(urlA.replace(/&sig=.*/, ''))).statusCode).toBe(403);
    const [, sig] = /sig=([^&]+)/.exec(urlA)!;
    const altered = `${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(urlA.replace(`sig=${sig}`, `sig=${altered}`))).statusCode).toBe(403);
  });

  it('a shared link carries the captions at short-lived URLs: refused within a quarter of an hour of its revocation', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'final' });
    await saveTrack(owner, id, 'en', VTT_A);
    await insertDraft(owner, id, 'fr');
    const token = randomBytes(32).toString('base64url');
    const [grant] = await ctx.deps.db
      .insert(watchGrants)
      .values({
        videoId: id,
        grantedBy: owner.id,
        recipientEmail: 'friend@recipient.test',
        tokenHash: hashWatchToken(token),
        sentAt: ctx.clock.now(),
      })
      .returning();
    const page = await watch(token);
    expect(page.captions).toEqual([{ language: 'en', url: expect.stringMatching(MEDIA_URL) }]);
    const file = () => get(page.captions[0]!.url);
    expect((await file()).body).toBe(VTT_A);
    await ctx.deps.db
      .update(watchGrants)
      .set({ revokedAt: ctx.clock.now() })
      .where(eq(watchGrants.id, grant!.id));
    expect((await get(routeUrl(deliveryRoutes.watch, { token }))).statusCode).toBe(404);
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 15 * 60 * 1000 + 1000));
    try {
      expect((await file()).statusCode).toBe(403);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it('a draft track is served to no one, even at a URL signed for it', async () => {
    const signed = signedMediaUrl(ctx.deps.secret, draftKey, ctx.clock.now());
    const refused = await get(signed);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Hello');
  });

  it('a replaced track stops at its old URL; the new one plays', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'scheduled' });
    await saveTrack(owner, id, 'en', VTT_A);
    const token = await scheduleTo(id, owner.id);
    const before = await watch(token);
    await saveTrack(owner, id, 'en', VTT_B);
    expect((await get(before.captions[0]!.url)).statusCode).toBe(404);
    const after = await watch(token);
    expect((await get(after.captions[0]!.url)).body).toBe(VTT_B);
  });

  it("a deactivated owner's captions stop at once, like the video", async () => {
    const gone = await signUpUser(ctx);
    const id = await insertVideo(ctx.deps.db, gone.id, { folder: 'scheduled' });
    await saveTrack(gone, id, 'en', VTT_A);
    const page = await watch(await scheduleTo(id, gone.id));
    expect((await get(page.captions[0]!.url)).statusCode).toBe(200);
    await setUserStatus(ctx.deps.db, gone.id, 0);
    expect((await get(page.captions[0]!.url)).statusCode).toBe(404);
    expect((await get(page.video_link)).statusCode).toBe(404);
  });

  it('a published video carries its accepted tracks to anyone signed in who finds it', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    await saveTrack(owner, id, 'en', VTT_A);
    await insertDraft(owner, id, 'fr');
    const [row] = await ctx.deps.db
      .update(videos)
      .set({ isPrivate: 0, searchCode: `PUB${id}` })
      .where(eq(videos.id, id))
      .returning();
    const found = await get(routeUrl(videoRoutes.bySearchCode, { code: row!.searchCode }), stranger.token);
    expect(found.statusCode, found.body).toBe(200);
    const { captions } = found.json().data.data as { captions: CaptionLink[] };
    expect(captions).toEqual([{ language: 'en', url: expect.stringMatching(MEDIA_URL) }]);
    expect((await get(captions[0]!.url)).body).toBe(VTT_A);
    // Private again in the database (publishing is one-way for the owner): no one else finds it.
    await ctx.deps.db.update(videos).set({ isPrivate: 1 }).where(eq(videos.id, id));
    const hidden = await get(routeUrl(videoRoutes.bySearchCode, { code: row!.searchCode }), stranger.token);
    expect(hidden.statusCode).toBe(404);
  });

  it("the owner's video shows the accepted tracks too; a draft stays in the owner's caption list only", async () => {
    const response = await get(routeUrl(videoRoutes.detail, { id: videoA }), owner.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.captions).toEqual([
      { language: 'en', url: expect.stringMatching(MEDIA_URL) },
    ]);
    const listed = await get(routeUrl(captionRoutes.list, { id: videoA }), owner.token);
    expect(listed.json().data.map((track: { language: string; status: string }) => track.status)).toEqual([
      'accepted',
      'draft',
    ]);
  });

  it('a video not ready yet has no captions to offer', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    await saveTrack(owner, id, 'en', VTT_A);
    await ctx.deps.db.update(videos).set({ state: 'processing' }).where(eq(videos.id, id));
    const response = await get(routeUrl(videoRoutes.detail, { id }), owner.token);
    expect(response.json().data.captions).toEqual([]);
  });

  it("the back office's reading of a final message carries its captions; a stranger's call is refused", async () => {
    const admin = await signInAdmin(ctx);
    const author = await signUpUser(ctx);
    const id = await insertVideo(ctx.deps.db, author.id, { folder: 'final' });
    await saveTrack(author, id, 'en', VTT_A);
    await insertDraft(author, id, 'fr');
    const url = routeUrl(
      adminAccountRoutes.partingWords,
      { id: author.id },
      { reason: 'The family asked us to check the captions.' },
    );
    const read = await get(url, admin.token);
    expect(read.statusCode, read.body).toBe(200);
    const { captions } = read.json().data as { captions: CaptionLink[] };
    expect(captions).toEqual([{ language: 'en', url: expect.stringMatching(MEDIA_URL) }]);
    expect((await get(captions[0]!.url)).body).toBe(VTT_A);
    expect((await get(url, stranger.token)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
  });
});
