import { videoFolderLabels, type VideoUpdateTypeBody, VIDEO_MESSAGES } from '@pw/contracts';
import { invalid } from '../../../platform/errors';
import { newAccessCode } from '../codes';
import type { Actor, VideoServiceParts } from '../service-deps';
import { mapConflicts } from '../video-insert';
import type { VideoLookup } from '../video-lookup';
import type { VideoFolder } from '../videos.schema';

/**
 * Folder moves the screens offer (docs/product.md §3.1): from "My Parting Words" to scheduled; from drafts to
 * scheduled; from scheduled to drafts or "My Parting Words". Staying in the same folder is allowed (it is a
 * no-op, or a schedule change for the scheduled folder).
 */
export const FOLDER_MOVES: Readonly<Record<VideoFolder, readonly VideoFolder[]>> = {
  final: ['final', 'scheduled'],
  draft: ['draft', 'scheduled'],
  scheduled: ['scheduled', 'draft', 'final'],
};

/** Change Folder (docs/product.md §13.5), with the delivery scheduled, rescheduled or cancelled in the same transaction. */
export function createFolderMove(
  {
    db,
    repo,
    clock,
    scheduler,
    access,
  }: Pick<VideoServiceParts, 'db' | 'repo' | 'clock' | 'scheduler' | 'access'>,
  lookup: VideoLookup,
) {
  return async function move(actor: Actor, id: number, body: VideoUpdateTypeBody) {
    // A scheduled video whose delivery was made is sent again as a new delivery, not "updated".
    const delivered =
      body.type === 'scheduled' && scheduler.deliveryJsonFor
        ? (await scheduler.deliveryJsonFor([id])).get(id)?.status === 'sent'
        : false;
    const message = await db
      .transaction(async (tx) => {
        const video = await access.require(actor, 'video.own', id, { lock: true, tx });
        const from = video.folder;
        const to = body.type;
        if (!FOLDER_MOVES[from].includes(to)) {
          throw invalid(
            'type',
            `A video in ${videoFolderLabels[from]} cannot be moved to ${videoFolderLabels[to]}.`,
          );
        }
        if (to === 'scheduled') {
          const schedule = scheduler.read(body, clock.now());
          await repo.update(
            id,
            {
              folder: 'scheduled',
              recipientEmail: schedule.recipientEmail,
              shareAt: schedule.dueAt,
              shareTimezone: schedule.timezone,
            },
            tx,
          );
          if (from === 'scheduled') await scheduler.cancel(id, tx);
          await scheduler.schedule({ videoId: id, ownerId: actor.id, ...schedule }, tx);
          if (from !== 'scheduled') return VIDEO_MESSAGES.movedAndScheduled;
          return delivered ? VIDEO_MESSAGES.scheduledAgain : VIDEO_MESSAGES.scheduleUpdated;
        }
        if (from !== to) {
          if (to === 'final') await lookup.finalOccupied(actor.id, id, tx);
          await repo.update(
            id,
            {
              folder: to,
              accessCode: to === 'final' ? (video.accessCode ?? newAccessCode()) : video.accessCode,
              recipientEmail: null,
              shareAt: null,
              shareTimezone: null,
            },
            tx,
          );
          if (from === 'scheduled') await scheduler.cancel(id, tx);
        }
        return `The video has been successfully transferred to ${videoFolderLabels[to]}.`;
      })
      .catch(mapConflicts);
    return { message, video: await lookup.viewOf(id, actor.id) };
  };
}
