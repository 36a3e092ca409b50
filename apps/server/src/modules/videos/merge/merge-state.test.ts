import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videoRoutes, type Video } from '@pw/contracts';
import { insertVideo } from '../../../../test/delivery-fixtures';
import { contextForSuite } from '../../../../test/helpers';
import { signUpUser, type SignedIn } from '../../accounts/accounts.fixtures';
import { call } from '../../funeral-homes/funeral-homes.fixtures';
import { videos } from '../videos.schema';

/**
 * docs/product.md §3.5: while a merge is processed, the drafts it joins say so (`merging`, with the way
 * it was asked for), to their owner only. No worker runs in this suite, so a merge stays processing until
 * a test ends it by hand, as its job would.
 */
describe('drafts being merged (the `merging` of the Video)', () => {
  let owner: SignedIn;
  let other: SignedIn;

  const ctx = contextForSuite();
  beforeAll(async () => {
    owner = await signUpUser(ctx);
    other = await signUpUser(ctx);
  });

  /** A ready draft of 10 s (two fit the free minute). */
  const draft = async (title: string) => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title });
    await ctx.deps.db.update(videos).set({ durationMs: 10_000 }).where(eq(videos.id, id));
    return id;
  };
  const drafts = async (): Promise<Video[]> =>
    (await call(ctx, videoRoutes.listDraft, owner.token)).json().data;
  const mergingOf = async () =>
    Object.fromEntries((await drafts()).map((video) => [video.id, video.merging]));
  const merge = async (ids: number[], action: 'copy' | 'move') => {
    const response = await call(ctx, videoRoutes.copyMove, owner.token, {
      body: { video_ids: ids, action },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Video;
  };
  const endMerge = (id: number, state: 'ready' | 'failed') =>
    ctx.deps.db.update(videos).set({ state }).where(eq(videos.id, id));

  it('a move: its drafts read `move` while it runs, the merged draft and the others nothing', async () => {
    const [a, b, untouched] = [await draft('Morning'), await draft('Evening'), await draft('Elsewhere')];
    const merged = await merge([a, b], 'move');
    expect(merged).toMatchObject({ state: 'processing', merging: null });
    expect(await mergingOf()).toMatchObject({
      [a]: 'move',
      [b]: 'move',
      [untouched]: null,
      [merged.id]: null,
    });
    // A failed merge removes nothing (decision 0035): its drafts stop saying they are being merged.
    await endMerge(merged.id, 'failed');
    expect(await mergingOf()).toMatchObject({ [a]: null, [b]: null });
  });

  it('a copy: its drafts read `copy`, and nothing once the merged draft is ready', async () => {
    const a = await draft('Spring');
    const b = await draft('Autumn');
    const merged = await merge([b, a], 'copy');
    expect(await mergingOf()).toMatchObject({ [a]: 'copy', [b]: 'copy' });
    await endMerge(merged.id, 'ready');
    expect(await mergingOf()).toMatchObject({ [a]: null, [b]: null, [merged.id]: null });
  });

  it('someone else never learns that a public draft is being merged', async () => {
    const a = await draft('Shared');
    const b = await draft('Kept');
    await ctx.deps.db.update(videos).set({ isPrivate: 0 }).where(eq(videos.id, a));
    const merged = await merge([a, b], 'copy');
    expect((await mergingOf())[a]).toBe('copy');
    const feed = (await call(ctx, videoRoutes.feed, other.token, { query: { per_page: 50 } })).json().data;
    const seen = feed.find((video: Video) => video.id === a);
    expect(seen).toMatchObject({ id: a, merging: null });
    await endMerge(merged.id, 'ready');
  });
});
