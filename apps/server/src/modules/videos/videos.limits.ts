import type { RateRule } from '../../platform/rate-limit/rate-limit';

/**
 * Every call that takes an access code (opening a final video, reporting its author's passing) counts
 * against one limit per person: an access code must not be guessable by trying, whichever door is tried.
 */
export const CODE_LOOKUP_LIMIT = { limit: 30, windowSeconds: 60 } as const;

/** The key keeps its old name, so counts taken before the move still apply. */
export const codeLookupRule = (accountId: number): RateRule => ({
  key: `video-code:user:${accountId}`,
  ...CODE_LOOKUP_LIMIT,
});
