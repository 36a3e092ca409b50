import type { PlanSummary } from '@pw/contracts';

/**
 * What a payment page is opened with (navigation state): the plan chosen on the page before. Opened
 * without one (typed in, reloaded after the browser dropped it) the page goes back to where a plan is
 * chosen (docs/product.md §7.6).
 */
export interface PaymentState {
  plan: Pick<PlanSummary, 'id' | 'title' | 'price' | 'duration'>;
}

export function paymentStateOf(state: unknown): PaymentState | null {
  const plan = (state as Partial<PaymentState> | null)?.plan;
  if (!plan || typeof plan.id !== 'number' || typeof plan.price !== 'string') return null;
  return { plan };
}

/** /change-plan is opened from the setting page with this state (docs/product.md §13.3). */
export interface ChangePlanState {
  /** The running plan's id, left out of the choices. */
  currentPlanId: number | null;
}

export function changePlanStateOf(state: unknown): ChangePlanState | null {
  if (!state || typeof state !== 'object' || !('currentPlanId' in state)) return null;
  const id = (state as ChangePlanState).currentPlanId;
  return { currentPlanId: typeof id === 'number' ? id : null };
}
