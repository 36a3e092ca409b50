import type { ClipTrim } from './upload-flow';

/**
 * The clips' trims, by clip id, kept in session storage like the title (model/edit-title.ts): buying
 * extra time leaves the upload page, and the trims, which the time bought was counted on, must be there
 * on the way back. They go with the edit list.
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
export const clearEditTrims = () => sessionStorage.removeItem(KEY);
