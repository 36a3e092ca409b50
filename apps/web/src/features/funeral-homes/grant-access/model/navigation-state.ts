/**
 * What the two pages of the chain of consent are opened with (navigation state, docs/product.md §13.3): the
 * Grant access page takes the video's id; the Funeral Home Form may be given the home that was just
 * granted access (and the video), or nothing (the family picks a home from the directory).
 */
export interface GrantAccessState {
  videoId: number;
}

export interface FuneralFormState {
  /** The home the video was just granted to: the form goes to that home, not another. */
  homeId: number;
  videoId?: number;
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The video id the Grant access page needs; null (the page goes to /user/profile) without one. */
export function grantAccessStateOf(state: unknown): GrantAccessState | null {
  const videoId = (state as Partial<GrantAccessState> | null)?.videoId;
  return isId(videoId) ? { videoId } : null;
}

/** The granted home, when the form follows a grant; null for the form opened on its own. */
export function funeralFormStateOf(state: unknown): FuneralFormState | null {
  const passed = state as Partial<FuneralFormState> | null;
  if (!isId(passed?.homeId)) return null;
  return { homeId: passed.homeId, ...(isId(passed.videoId) ? { videoId: passed.videoId } : {}) };
}
