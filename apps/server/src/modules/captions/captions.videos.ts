import type { DbOrTx } from '../../platform/db';

/** A video as this module reads it: whose it is, where it stands, its stored file and its length. */
export interface CaptionedVideo {
  ownerId: number;
  state: string;
  mediaKey: string | null;
  durationMs: number | null;
}

/**
 * What captions ask of the videos module, handed in by the composition. The videos module shows each
 * video's accepted captions (it imports this module), so this module names what it needs rather than
 * importing the videos module, and the two never form a loop.
 */
export interface CaptionsVideos {
  /** The owner's video, locked for the transaction when asked; the videos module's 404 otherwise. */
  require(
    actor: { id: number },
    permission: 'video.own',
    id: number,
    options?: { lock?: boolean; tx?: DbOrTx },
  ): Promise<CaptionedVideo>;
  /** What a job working on the video's file reads; null when the video is gone. */
  media(videoId: number, tx?: DbOrTx): Promise<Omit<CaptionedVideo, 'durationMs'> | null>;
}
