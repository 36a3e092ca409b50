import type { PlanDuration, PlanKind } from '@pw/contracts';
import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import { createPlansRepo } from './plans.repo';
import { createPlansService } from './plans.service';
import { registerPlansRoutes } from './plans.routes';
import { readOnlyView } from '../../platform/db/read-only';
import { plans } from './plans.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const plansView = readOnlyView(plans, 'plans');

/** Money as the API shows it (decision 0150), for the modules that answer prices too. */
export { fromCents } from './plans.money';

/** A plan as a buyer's module sees it: what is charged and how long it lasts. */
export interface OfferedPlan {
  id: number;
  kind: PlanKind;
  title: string;
  duration: PlanDuration;
  priceCents: number;
}

/** What other modules (payments) ask of plans. */
export interface PlansApi {
  /** An active plan by id; null when unknown or deactivated (not on offer). */
  findActivePlan(id: number): Promise<OfferedPlan | null>;
  /** The per-minute rate of extra video time in cents; null when none was ever set. */
  currentRateCents(): Promise<number | null>;
}

/**
 * Plans (docs/product.md §7, first slice): the four kinds of plan and the per-minute rate, managed by admins and
 * offered (active ones only) to users and funeral homes. Payments and subscriptions are their own module.
 */
export function createPlansModule(platform: Platform): AppModule<PlansApi> {
  const repo = createPlansRepo(platform.db);
  const service = createPlansService({ repo, clock: platform.clock });
  return {
    name: 'plans',
    routes: (router) => registerPlansRoutes(router, service, platform.config.PUBLIC_URL),
    api: {
      async findActivePlan(id) {
        const row = id > 0 ? await repo.findAny(id) : null;
        if (!row || row.status !== 1) return null;
        const { kind, title, duration, priceCents } = row;
        return { id, kind: kind as PlanKind, title, duration: duration as PlanDuration, priceCents };
      },
      async currentRateCents() {
        return (await repo.currentRate())?.rateCents ?? null;
      },
    },
  };
}
