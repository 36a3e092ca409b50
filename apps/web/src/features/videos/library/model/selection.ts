import { durationSeconds } from '@/lib/videos';
import { FREE_VIDEO_SECONDS, type Video } from '@pw/contracts';

/**
 * Draft multi-select (docs/product.md §13.5): the ids are kept in the order they were picked, because merging joins
 * the drafts in that order.
 */
export type Selection = readonly number[];

export function toggleSelected(selection: Selection, id: number): number[] {
  return selection.includes(id) ? selection.filter((item) => item !== id) : [...selection, id];
}

/** 1-based position of a draft in the join order, or null when it is not selected. */
export function selectionPosition(selection: Selection, id: number): number | null {
  const index = selection.indexOf(id);
  return index === -1 ? null : index + 1;
}

/** Drops ids that are no longer mergeable drafts (deleted, moved or not ready after a reload). */
export function pruneSelection(selection: Selection, drafts: readonly Video[]): number[] {
  const selectable = new Set(drafts.filter(isSelectable).map((video) => video.id));
  return selection.filter((id) => selectable.has(id));
}

/** Only a converted draft can be joined; one still processing or failed has no usable media. */
export function isSelectable(video: Video): boolean {
  return video.state === 'ready';
}

export const MIN_MERGE = 2;

export type MergeCheck =
  | { ok: true; ids: number[]; totalSeconds: number }
  | { ok: false; reason: 'too-few' }
  | { ok: false; reason: 'too-long'; ids: number[]; totalSeconds: number };

/**
 * What 'Next' does with the current selection: fewer than two is the contract's 'Oops!'; a total over
 * the free allowance is the 'Oops!' offering to buy extra time (docs/product.md §3.5); otherwise the ids go
 * to copyMove in order. A draft whose duration is unknown counts as zero here; the server measures the real
 * files and still refuses an over-long merge (422).
 */
export function checkMerge(selection: Selection, drafts: readonly Video[]): MergeCheck {
  const byId = new Map(drafts.map((video) => [video.id, video]));
  const ids = selection.filter((id) => byId.has(id));
  if (ids.length < MIN_MERGE) return { ok: false, reason: 'too-few' };
  const totalSeconds = ids.reduce((sum, id) => sum + (durationSeconds(byId.get(id)?.duration) ?? 0), 0);
  if (totalSeconds > FREE_VIDEO_SECONDS) return { ok: false, reason: 'too-long', ids, totalSeconds };
  return { ok: true, ids, totalSeconds };
}
