import {
  planCategories,
  planStatusDetails,
  userHomePlanKinds,
  type AdminPlan,
  type AdminPlanListQuery,
  type ListQuery,
  type OneTimeRate,
  type PlanCategory,
  type PlanDuration,
  type PlanFields,
  type PlanKind,
  type PlanSummary,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { fromCents, toCents } from './plans.money';
import type { PlanRow, PlansRepo, RateRow } from './plans.repo';

export const PLAN_NOT_FOUND = 'Plan not found.';

const toAdminPlan = (row: PlanRow): AdminPlan => {
  const status = row.status === 1 ? 1 : 0;
  return {
    id: row.id,
    title: row.title,
    duration: row.duration as PlanDuration,
    price: fromCents(row.priceCents),
    description: row.description,
    status,
    status_detail: planStatusDetails[status],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

const toSummary = (row: PlanRow): PlanSummary => ({
  id: row.id,
  title: row.title,
  price: fromCents(row.priceCents),
  duration: row.duration as PlanDuration,
  description: row.description,
});

const toRate = (row: RateRow): OneTimeRate => ({
  id: row.id,
  rate: fromCents(row.rateCents),
  updated_at: row.createdAt.toISOString(),
});

export interface PlansServiceDeps {
  repo: PlansRepo;
  clock: Clock;
}

/**
 * Plans (docs/product.md §7): admins create, edit and (de)activate them; people are offered only active ones.
 * Every admin call names its kind, so a plan of another kind is simply not found there.
 */
export function createPlansService({ repo, clock }: PlansServiceDeps) {
  async function planOf(kind: PlanKind, id: number): Promise<PlanRow> {
    const row = id > 0 ? await repo.find(kind, id) : null;
    if (!row) throw notFound(PLAN_NOT_FOUND);
    return row;
  }

  /** The categories of some kinds with their active plans; a category with nothing on offer is left out. */
  async function categories(kinds: readonly PlanKind[]): Promise<PlanCategory[]> {
    const rows = await repo.activeOf(kinds);
    return planCategories
      .filter((category) => kinds.includes(category.kind))
      .map(({ id, title, description, kind }) => ({
        id,
        title,
        description,
        plans: rows.filter((row) => row.kind === kind).map(toSummary),
      }))
      .filter((category) => category.plans.length > 0);
  }

  return {
    async list(kind: PlanKind, query: AdminPlanListQuery) {
      const { rows, total } = await repo.list(kind, query);
      return { items: rows.map(toAdminPlan), total };
    },

    async detail(kind: PlanKind, id: number): Promise<AdminPlan> {
      return toAdminPlan(await planOf(kind, id));
    },

    /** A new plan starts active: it is offered at once. */
    async create(kind: PlanKind, fields: PlanFields): Promise<AdminPlan> {
      const now = clock.now();
      const row = await repo.insert({
        kind,
        title: fields.title,
        duration: fields.duration,
        priceCents: toCents(fields.price),
        description: fields.description,
        status: 1,
        createdAt: now,
        updatedAt: now,
      });
      return toAdminPlan(row);
    },

    async update(kind: PlanKind, id: number, fields: PlanFields): Promise<AdminPlan> {
      const row =
        id > 0
          ? await repo.update(kind, id, {
              title: fields.title,
              duration: fields.duration,
              priceCents: toCents(fields.price),
              description: fields.description,
              updatedAt: clock.now(),
            })
          : null;
      if (!row) throw notFound(PLAN_NOT_FOUND);
      return toAdminPlan(row);
    },

    async setStatus(kind: PlanKind, id: number, status: 0 | 1): Promise<AdminPlan> {
      const row = id > 0 ? await repo.update(kind, id, { status, updatedAt: clock.now() }) : null;
      if (!row) throw notFound(PLAN_NOT_FOUND);
      return toAdminPlan(row);
    },

    /** docs/product.md §13.4: what a user's home plans page lists (docs/product.md §7.1). */
    userHomeCategories: () => categories(userHomePlanKinds),

    async userOffer() {
      const [found, rate] = await Promise.all([categories(userHomePlanKinds), repo.currentRate()]);
      return { categories: found, one_time_rate: rate ? toRate(rate) : null };
    },

    async activePlans(kind: PlanKind): Promise<PlanSummary[]> {
      return (await repo.activeOf([kind])).map(toSummary);
    },

    async rates(query: ListQuery) {
      const [current, { rows, total }] = await Promise.all([repo.currentRate(), repo.rateHistory(query)]);
      return { current: current ? toRate(current) : null, items: rows.map(toRate), total };
    },

    async setRate(rate: string): Promise<OneTimeRate> {
      return toRate(await repo.insertRate(toCents(rate), clock.now()));
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
