import { FREE_LIVE_DELIVERIES, FREE_VIDEO_SECONDS } from '@pw/contracts';

/**
 * What a membership adds to the free use, in one line: the rules the server enforces (docs/product.md §7.6).
 */
export const MEMBERSHIP_ADDS =
  `Without a membership you can have ${FREE_LIVE_DELIVERIES} scheduled delivery waiting at a time; ` +
  `members can have any number. Every video's first ${FREE_VIDEO_SECONDS} s are free either way.`;
