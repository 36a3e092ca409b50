import {
  EXTRA_TIME_CATEGORY,
  paymentCategories,
  planCategories,
  type AdminPaymentQuery,
  type AdminPaymentRow,
  type PaymentHistoryQuery,
  type PaymentHistoryRow,
  type UnusedExtraTime,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import { fromCents } from '../plans';
import type { PaymentHistoryEntry, PaymentHistoryRepo } from './payments.history.repo';
import type { PaymentsRepo } from './payments.repo';

const minutesLabel = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** What a payment bought, as the logs name it. */
function payable(entry: PaymentHistoryEntry) {
  if (entry.planId === null || entry.planKind === null)
    return {
      id: null,
      title: 'Extra video time',
      duration: minutesLabel(entry.extraSeconds ?? 0),
      price: fromCents(entry.amountCents),
      category: EXTRA_TIME_CATEGORY,
    };
  const category = planCategories.find((c) => c.kind === entry.planKind)!;
  return {
    id: entry.planId,
    title: entry.planTitle ?? '',
    duration: entry.planDuration ?? '',
    price: fromCents(entry.planPriceCents ?? entry.amountCents),
    category: { id: category.id, title: category.title },
  };
}

/** Active while the plan runs (or the extra time is unused); Inactive afterwards (docs/product.md §13.5 reads it). */
function state(entry: PaymentHistoryEntry, now: Date): 'Active' | 'Inactive' {
  if (entry.planId === null) return entry.consumedAt ? 'Inactive' : 'Active';
  if (entry.bannerPaid !== null)
    return entry.bannerEndsAt === null || entry.bannerEndsAt > now ? 'Active' : 'Inactive';
  const running =
    entry.subscriptionStatus !== 'expired' && (entry.expiresAt === null || entry.expiresAt > now);
  return running ? 'Active' : 'Inactive';
}

/** The payment lists: an account's own history, its unused extra time, and the admin's log of every payment. */
export function createPaymentHistory(repo: PaymentHistoryRepo, clock: Clock, payments: PaymentsRepo) {
  return {
    /** Extra time bought and not used: each is offered again on the upload and merge screens. */
    async unusedExtraTime(accountId: number): Promise<UnusedExtraTime[]> {
      const rows = await payments.unusedExtraTime(accountId);
      return rows.map((row) => ({
        payment_id: String(row.id),
        seconds: row.extraSeconds!,
        minutes: Math.round(row.extraSeconds! / 60),
        amount: fromCents(row.amountCents),
        created_at: row.createdAt.toISOString(),
      }));
    },

    async ofAccount(accountId: number, query: PaymentHistoryQuery) {
      const { rows, total } = await repo.ofAccount(accountId, query);
      const now = clock.now();
      const items = rows.map((entry): PaymentHistoryRow => {
        const bought = payable(entry);
        const detail = state(entry, now);
        return {
          id: entry.id,
          amount_paid: fromCents(entry.amountCents),
          created_at: entry.createdAt.toISOString(),
          expiry_date:
            (entry.bannerPaid !== null ? entry.bannerEndsAt : entry.expiresAt)?.toISOString() ?? null,
          status: detail === 'Active' ? 1 : 0,
          status_detail: detail,
          payable: {
            id: bought.id,
            title: bought.title,
            duration: bought.duration,
            price: bought.price,
            status_detail: detail,
            plan_category: bought.category,
          },
        };
      });
      return { items, total };
    },

    async all(query: AdminPaymentQuery) {
      const { rows, total } = await repo.all(query);
      const items = rows.map((entry): AdminPaymentRow => {
        const bought = payable(entry);
        return {
          id: entry.id,
          name: entry.name,
          email: entry.email,
          type: entry.type,
          subscription_type: bought.category.title,
          plan_name: bought.title,
          price: fromCents(entry.amountCents),
          purchase_date: entry.createdAt.toISOString(),
        };
      });
      return { items, total };
    },

    categories: () => paymentCategories,
  };
}

export type PaymentHistory = ReturnType<typeof createPaymentHistory>;
