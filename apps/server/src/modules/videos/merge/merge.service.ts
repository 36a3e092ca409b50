import { VIDEOS_MERGED_MESSAGE, type VideoCopyMoveBody } from '@pw/contracts';
import { invalid } from '../../../platform/errors';
import type { IntakeParts } from '../intake';
import { mergedTitle } from './merge-title';
import type { Actor, VideoServiceParts } from '../service-deps';
import type { VideoRow } from '../videos.repo';

/** Copy/move: ready drafts joined, in the chosen order, into a new draft (docs/product.md §13.5). */
export function createMergeService(
  { repo, payments, jobs, access }: Pick<VideoServiceParts, 'repo' | 'payments' | 'jobs' | 'access'>,
  { lookup, checkAllowance, insertVideo }: IntakeParts,
) {
  /** The caller's drafts in the given order; each must be there, a draft, and processed. */
  async function draftsToMerge(actor: Actor, ids: number[]): Promise<VideoRow[]> {
    if (new Set(ids).size !== ids.length) throw invalid('video_ids', 'Each video can be chosen only once.');
    const sources = await access.requireAllOwned(actor, ids);
    if (sources.some((row) => row.folder !== 'draft'))
      throw invalid('video_ids', 'Only drafts can be merged.');
    if (sources.some((row) => row.state !== 'ready' || row.durationMs === null))
      throw invalid('video_ids', 'Only videos that have finished processing can be merged.');
    return sources;
  }

  return {
    /**
     * Joins ready drafts, in the given order, into a new draft. `copy` keeps them; `move` removes them once
     * the new video is ready, so a failed merge loses nothing (docs/decisions/0035).
     */
    async merge(actor: Actor, body: VideoCopyMoveBody) {
      const ids = body.video_ids;
      const sources = await draftsToMerge(actor, ids);
      const totalSeconds = sources.reduce((sum, row) => sum + row.durationMs! / 1000, 0);
      const { consumePayment, allowanceSeconds } = await checkAllowance(
        totalSeconds,
        actor.id,
        body.payment_id,
        'video_ids',
      );
      const first = sources[0]!;
      // A copy of the first draft's title would give two drafts one name (docs/product.md §3.5).
      const title = mergedTitle(
        sources.map((row) => row.title),
        await repo.titlesOf(actor.id),
      );
      const video = await insertVideo(
        async (tx, created) => {
          if (consumePayment) await payments.consume(body.payment_id!, actor.id, created.id, tx);
          await jobs.enqueue(created.id, { clips: sources.length, seconds: totalSeconds }, tx);
        },
        {
          ownerId: actor.id,
          title,
          description: first.description,
          hashtags: [...new Set(sources.flatMap((row) => row.hashtags))],
          folder: 'draft',
          state: 'processing',
          allowanceSeconds,
          mergeSourceIds: ids,
          mergeAction: body.action,
        },
      );
      return { message: VIDEOS_MERGED_MESSAGE, video: await lookup.viewOf(video.id, actor.id) };
    },
  };
}
