/**
 * The two ways into the plan screens (docs/product.md §13.3): from /user/subscription-plans (after login, or the
 * plans link) and from /user/subscription-logs. The same plan-details and payment screens sit under both;
 * the base decides where Back and the end of a payment lead (docs/product.md §7.6).
 */
export type PlanFlowBase = 'subscription-plans' | 'subscription-logs';

export const planDetailsPath = (base: PlanFlowBase, categoryId?: number) =>
  `/user/${base}/plan-details${categoryId === undefined ? '' : `?category=${categoryId}`}`;

export const planPaymentPath = (base: PlanFlowBase, planId: number) =>
  `/user/${base}/plan-details/payment?plan=${planId}`;

export const RENEW_PATH = '/user/subscription-logs/renew';
export const renewPath = (planId: number) => `${RENEW_PATH}?plan=${planId}`;

/** Where Back leads from plan-details: the page the flow started on. */
export const flowStartPath = (base: PlanFlowBase) => `/user/${base}`;

/**
 * After 'Payment Successfully Made!': from the plans page the person is now a member and goes to
 * /user/profile (where the post-login rule would send them); from the logs, back to the logs, where the
 * new row is listed.
 */
export const afterPaymentPath = (base: PlanFlowBase) =>
  base === 'subscription-plans' ? '/user/profile' : '/user/subscription-logs';

/** The plan id or category id in the URL (?plan=7), or null when absent or not a whole number. */
export function idFromSearch(search: URLSearchParams, key: string): number | null {
  const value = search.get(key);
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
