import { TRIM_MESSAGES, TRIM_MIN_SECONDS, type VideoTrimBody } from '@pw/contracts';
import { conflict, invalid } from '../../../platform/errors';
import type { Actor, VideoServiceParts } from '../service-deps';
import type { VideoLookup } from '../video-lookup';

/** Containers round lengths a little: an end set at a draft's "20 s" may be past its measured 19.98 s. */
const END_TOLERANCE_SECONDS = 0.25;

/**
 * Trimming a draft in the editor (docs/product.md §4.2): its media is cut again by the processing job,
 * from the stored video itself (the uploaded clips are not kept once a video is ready). The draft goes
 * back to processing with its current media as its one source; the job writes the cut under new keys and
 * swaps them in with one update, and only then deletes the old media, so a failed cut leaves the draft as
 * it was. The length charged is the new one (videos.jobs.ts).
 */
export function createDraftTrimService(deps: VideoServiceParts, lookup: VideoLookup) {
  const { db, repo, access, jobs } = deps;

  return {
    async trimDraft(actor: Actor, id: number, body: VideoTrimBody) {
      await db.transaction(async (tx) => {
        const video = await access.require(actor, 'video.own', id, { lock: true, tx });
        if (video.folder !== 'draft') throw invalid('trim_start', TRIM_MESSAGES.onlyDrafts);
        if (video.state !== 'ready' || !video.mediaKey || video.durationMs === null)
          throw conflict(TRIM_MESSAGES.notReady);
        // A merge running on this draft reads its media: it stays as it is until the merge is done.
        if ((await lookup.viewOf(id, actor.id, tx)).merging) throw conflict(TRIM_MESSAGES.merging);
        const length = video.durationMs / 1000;
        if (body.trim_end > length + END_TOLERANCE_SECONDS)
          throw invalid('trim_end', TRIM_MESSAGES.pastEnd(length));
        const trim = { start: body.trim_start, end: Math.min(body.trim_end, length) };
        if (trim.end - trim.start < TRIM_MIN_SECONDS) throw invalid('trim_start', TRIM_MESSAGES.tooShort);
        await repo.update(
          id,
          {
            state: 'processing',
            failureReason: null,
            sourceKeys: [video.mediaKey],
            sourceTrims: [trim],
            // Cut from its own media from now on, not joined again from the drafts it was merged from.
            mergeSourceIds: [],
            mergeAction: null,
          },
          tx,
        );
        await jobs.enqueue(id, { clips: 1, seconds: length }, tx);
      });
      return { message: TRIM_MESSAGES.started, video: await lookup.viewOf(id, actor.id) };
    },
  };
}
