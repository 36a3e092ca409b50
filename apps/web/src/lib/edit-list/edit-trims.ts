/** The part of a clip the owner keeps, in seconds of the clip. */
export interface ClipTrim {
  start: number;
  end: number;
}

/**
 * The clips' trims, by clip id, kept in session storage like the upload screen's title: buying
 * extra time leaves the upload page, and the trims, which the time bought was counted on, must be there
 * on the way back. They go with the edit list; the recorder sets the trim of the recording it adds.
 */
const KEY = 'editTrims';

export function readEditTrims(): Record<string, ClipTrim> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, Partial<ClipTrim>>).filter(
        ([, trim]) => typeof trim?.start === 'number' && typeof trim.end === 'number',
      ),
    ) as Record<string, ClipTrim>;
  } catch {
    return {};
  }
}

export const saveEditTrims = (trims: Record<string, ClipTrim>) =>
  sessionStorage.setItem(KEY, JSON.stringify(trims));
/** Sets (or, with null, clears) one clip's trim beside the others'. */
export function setEditTrim(id: string, trim: ClipTrim | null): Record<string, ClipTrim> {
  const { [id]: _dropped, ...rest } = readEditTrims();
  const next = trim ? { ...rest, [id]: trim } : rest;
  saveEditTrims(next);
  return next;
}

export const clearEditTrims = () => sessionStorage.removeItem(KEY);
