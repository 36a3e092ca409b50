import type { ReleaseState } from '@pw/contracts';

/** The texts of the 'My Parting Words' tab that the product leaves open (docs/product.md §13.8). */

/** Where the release settings and trusted contacts live: the release card on the profile details. */
export const RELEASE_SETTINGS_PATH = '/user/profile/details#legacy-heading';

/** Where the final message stands, in one line (the release card says it at length). */
export const RELEASE_STATE_LINES: Record<ReleaseState, string> = {
  sealed: 'Sealed — released after your passing is confirmed.',
  waiting: 'A passing has been reported — released when your waiting period ends, unless you cancel it.',
  released: 'Released — its access code opens it, and your trusted contacts have their link.',
  open: 'Available at once to anyone with its access code.',
};

/** How a video gets here, in one line (docs/product.md §3.1: a draft goes through Scheduled). */
export const FINAL_EMPTY_TEXT =
  'Save a new recording or upload here, or move a video from Scheduled with Change folder (a draft is scheduled first); this folder keeps one video.';
