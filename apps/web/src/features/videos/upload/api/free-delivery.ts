import { FREE_LIVE_DELIVERIES, videoRoutes, type Video } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { session } from '@/lib/session';

/** A delivery still to go out (or waiting for its owner): what the free allowance counts (docs/product.md §5.5). */
const waiting = (video: Video) =>
  video.delivery === undefined
    ? Boolean(video.share_at_date)
    : ['pending', 'sending', 'awaiting_owner'].includes(video.delivery?.status ?? '');

/**
 * Whether a new schedule would be over the free allowance: no running membership and the Scheduled
 * folder already holds as many waiting deliveries as are free. Unknown (a failed read) is `false`: the
 * server still refuses it, this only says so before the upload.
 */
export async function freeDeliveryTaken(): Promise<boolean> {
  if (session.user()?.active_plan?.home_plan) return false;
  try {
    const { data } = await callRoute(videoRoutes.listScheduled);
    return data.filter(waiting).length >= FREE_LIVE_DELIVERIES;
  } catch {
    return false;
  }
}
