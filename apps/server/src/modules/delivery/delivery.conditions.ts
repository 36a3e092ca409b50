import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { scheduledDeliveries as d } from './delivery.schema';
import { claimantGone } from './liveness';

/** The SQL conditions the delivery queries share: which rows are live, claimed, or free to take. */
export const now = sql`now()`;
/** A video's one delivery still to come: a reschedule or a move out of the folder cancels it. */
export const live = inArray(d.status, ['pending', 'sending', 'awaiting_owner']);

/**
 * A held delivery later than this when its account is activated again asks its owner first
 * (docs/product.md §5.6).
 */
export const OVERDUE_ASK_OWNER = sql`interval '1 day'`;

/**
 * A claim older than this is treated as abandoned even if its worker still holds its liveness lock
 * (a worker stuck for that long inside one SMTP transaction, whose timeouts add up to about 80 s).
 */
export const CLAIM_SAFETY_NET = sql`interval '30 minutes'`;

/** A `sending` row whose worker died (or overran the safety net): it may be claimed again. */
export const staleClaim: SQL = and(
  eq(d.status, 'sending'),
  or(claimantGone(d.claimedBy), sql`${d.claimedAt} < now() - ${CLAIM_SAFETY_NET}`),
)!;

/** Not held by a live worker: pending, or sending with a dead claimant. */
export const unclaimed: SQL = or(eq(d.status, 'pending'), staleClaim)!;
