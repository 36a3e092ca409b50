import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { FREE_VIDEO_SECONDS, paymentRoutes, planRoutes } from '@pw/contracts';
import { callRoute } from './api';
import { planKeys } from './query-keys';

/**
 * Extra video time (docs/product.md §13.4, §13.7, §3.4): the upload page and the drafts merge both buy whole
 * minutes beyond the free 60 seconds at the admin's current rate, so the arithmetic and the two calls
 * live here, shared.
 */

/** Containers round lengths a little; the server forgives a quarter second, so the client does too. */
const LENGTH_TOLERANCE_SECONDS = 0.25;

/** Whole minutes needed beyond the free time: ceil((total - 60) / 60), at least one when over. */
export function extraMinutesNeeded(totalSeconds: number): number {
  const over = totalSeconds - FREE_VIDEO_SECONDS - LENGTH_TOLERANCE_SECONDS;
  return over > 0 ? Math.ceil(over / 60) : 0;
}

/** The `duration` the purchase sends: 'HH:MM:00' (docs/product.md §13.4: '00:01:00' per minute bought). */
export function extraTimeDuration(minutes: number): string {
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${hours}:${String(minutes % 60).padStart(2, '0')}:00`;
}

/** rate × minutes in exact cents, as '2.98'. */
export function extraTimePrice(rate: string, minutes: number): string {
  return ((Math.round(Number(rate) * 100) * minutes) / 100).toFixed(2);
}

/** GET /web/user/plan: what a user can buy; its `one_time_rate` is the current price of one minute. */
export const getUserOffer = () => callRoute(planRoutes.userPlans);

const userOfferQuery = queryOptions({ queryKey: planKeys.userOffer(), queryFn: getUserOffer, retry: false });

export const useExtraTimeRate = () =>
  useQuery({ ...userOfferQuery, select: (answer) => answer.data.one_time_rate });

/**
 * The price of one minute as the page read it, or asked now if the page has not read it yet (a slow
 * answer); null when there is none or it cannot be read. For a text written once, such as a dialog's.
 */
export const readExtraTimeRate = (client: QueryClient): Promise<string | null> =>
  client.ensureQueryData(userOfferQuery).then(
    (answer) => answer.data.one_time_rate?.rate ?? null,
    () => null,
  );

/** The four card fields as typed (the shared card form's values). */
type CardFields = Record<'card_holder_name' | 'card_no' | 'expiry_date' | 'cvv', string>;

/** POST /web/user/video/payment: buys the minutes; the answer's payment_id goes with the upload or merge. */
export const buyExtraTime = (input: { minutes: number; card: CardFields; headers: Record<string, string> }) =>
  callRoute(paymentRoutes.extraTimePayment, {
    body: { ...input.card, duration: extraTimeDuration(input.minutes) },
    headers: input.headers,
  });

/** GET /web/user/video/payment/unused: bought minutes no video has used yet (they never expire). */
export const getUnusedExtraTime = () => callRoute(paymentRoutes.unusedExtraTime);

export const useUnusedExtraTime = () =>
  useQuery({
    queryKey: planKeys.unusedExtraTime(),
    queryFn: getUnusedExtraTime,
    select: (answer) => answer.data,
    retry: false,
  });

/** The extra time an upload or merge goes on with: bought just now, or an earlier unused purchase. */
export interface ChosenExtraTime {
  paymentId: string;
  /** Seconds it gives beyond the free time. */
  seconds: number;
  /** False when it is an earlier purchase, applied again. */
  bought: boolean;
}
