import { and, asc, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { AdminPlanListQuery, PlanKind } from '@pw/contracts';
import type { Db, DbOrTx } from '../../platform/db';
import { paginate, type ListRequest, type ListSource } from '../../platform/db/paginate';
import { oneTimeRates, plans } from './plans.schema';

/** A plan list as the list kit sees it: the sort whitelist, searched columns, the Modified Date column. */
const planColumns = getTableColumns(plans);
export const planList: ListSource<typeof planColumns> = {
  table: plans,
  select: planColumns,
  sortable: {
    updated_at: plans.updatedAt,
    created_at: plans.createdAt,
    title: plans.title,
    price: plans.priceCents,
    duration: plans.duration,
    status: plans.status,
  },
  tieBreaker: plans.id,
  searchable: [plans.title, plans.description],
  dated: plans.updatedAt,
};

/** The rate's history table (docs/product.md §9.3: S.No., Rate, Update Date). */
const rateColumns = getTableColumns(oneTimeRates);
export const rateList: ListSource<typeof rateColumns> = {
  table: oneTimeRates,
  select: rateColumns,
  sortable: { updated_at: oneTimeRates.createdAt, rate: oneTimeRates.rateCents },
  tieBreaker: oneTimeRates.id,
  searchable: [],
  dated: oneTimeRates.createdAt,
};

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type RateRow = typeof oneTimeRates.$inferSelect;

/** The plans module's one door to its tables; each method joins a caller's transaction (`tx`). */
export function createPlansRepo(db: Db) {
  return {
    list(kind: PlanKind, query: AdminPlanListQuery, tx: DbOrTx = db) {
      const byStatus = query.status === undefined ? undefined : eq(plans.status, query.status);
      return paginate(tx as Db, planList, query, [eq(plans.kind, kind), byStatus]);
    },

    async find(kind: PlanKind, id: number, tx: DbOrTx = db): Promise<PlanRow | null> {
      const [row] = await tx
        .select()
        .from(plans)
        .where(and(eq(plans.id, id), eq(plans.kind, kind)))
        .limit(1);
      return row ?? null;
    },

    /** A plan of any kind (a buyer's payment names only the id). */
    async findAny(id: number, tx: DbOrTx = db): Promise<PlanRow | null> {
      const [row] = await tx.select().from(plans).where(eq(plans.id, id)).limit(1);
      return row ?? null;
    },

    /** The active plans of some kinds, cheapest first within a kind (what is offered). */
    activeOf(kinds: readonly PlanKind[], tx: DbOrTx = db): Promise<PlanRow[]> {
      return tx
        .select()
        .from(plans)
        .where(and(inArray(plans.kind, [...kinds]), eq(plans.status, 1)))
        .orderBy(asc(plans.priceCents), asc(plans.id));
    },

    async insert(values: NewPlan, tx: DbOrTx = db): Promise<PlanRow> {
      const [row] = await tx.insert(plans).values(values).returning();
      return row!;
    },

    async update(
      kind: PlanKind,
      id: number,
      values: Partial<Omit<NewPlan, 'id' | 'kind'>>,
      tx: DbOrTx = db,
    ): Promise<PlanRow | null> {
      const [row] = await tx
        .update(plans)
        .set(values)
        .where(and(eq(plans.id, id), eq(plans.kind, kind)))
        .returning();
      return row ?? null;
    },

    async currentRate(tx: DbOrTx = db): Promise<RateRow | null> {
      const [row] = await tx
        .select()
        .from(oneTimeRates)
        .orderBy(desc(oneTimeRates.createdAt), desc(oneTimeRates.id))
        .limit(1);
      return row ?? null;
    },

    rateHistory(query: ListRequest, tx: DbOrTx = db) {
      return paginate(tx as Db, rateList, query);
    },

    async insertRate(rateCents: number, createdAt: Date, tx: DbOrTx = db): Promise<RateRow> {
      const [row] = await tx.insert(oneTimeRates).values({ rateCents, createdAt }).returning();
      return row!;
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
