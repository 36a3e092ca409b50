import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CaptionLink } from '@pw/contracts';
import { captionTracks } from './captions.schema';

/**
 * What of a video's captions leaves its owner (docs/product.md §4.7): its accepted tracks, wherever the
 * video itself goes. A draft (a recognizer's track the owner has not accepted yet) never does.
 */

/** A track as another module's query reads it: its language and its stored object. */
export interface SharedCaption {
  language: string;
  key: string;
}

/** The one condition of a track others may see, over the table or its read-only view. */
export const sharedTrack = (tracks: { status: AnyPgColumn }): SQL => eq(tracks.status, 'accepted');

/**
 * A column for a query over videos: the accepted tracks of the video `videoId` names, by language, as
 * JSON (one probe of the video-and-language index per video).
 */
export function sharedCaptionsOf(videoId: AnyPgColumn): SQL<SharedCaption[]> {
  return sql<
    SharedCaption[]
  >`coalesce((select json_agg(json_build_object('language', ${captionTracks.language}, 'key', ${captionTracks.objectKey}) order by ${captionTracks.language}) from ${captionTracks} where ${captionTracks.videoId} = ${videoId} and ${sharedTrack(captionTracks)}), '[]'::json)`;
}

/** The tracks as a player gets them, each signed by the same function as the video in that answer. */
export const captionLinksOf = (
  tracks: readonly SharedCaption[],
  sign: (key: string) => string,
): CaptionLink[] => tracks.map((track) => ({ language: track.language, url: sign(track.key) }));
