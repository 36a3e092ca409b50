import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { users } from '../accounts/accounts.schema';
import { payments, subscriptions } from '../payments/payments.schema';
import { plans } from '../plans/plans.schema';

/** An account written directly, with the fields the admin's lists show and filter on. */
export async function insertAccount(
  db: Db,
  input: {
    type: 'user' | 'funeral-home' | 'admin';
    firstName: string;
    lastName: string;
    email: string;
    homeName?: string;
    status?: number;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...input, passwordHash: 'not-a-real-hash', status: input.status ?? 1 })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A plan held from a payment, written as payments stores it (a row of each), with the state under test:
 * `expiresAt` null is life-time; a past `expiresAt` with status 'active' is one the daily job has not
 * marked expired yet.
 */
export async function insertSubscription(
  db: Db,
  accountId: number,
  planTitle: string,
  input: { startsAt: Date; expiresAt: Date | null; status?: 'active' | 'cancelled' | 'expired' },
): Promise<number> {
  const [plan] = await db.select().from(plans).where(eq(plans.title, planTitle));
  const key = randomBytes(6).toString('hex');
  const [payment] = await db
    .insert(payments)
    .values({
      accountId,
      planId: plan!.id,
      amountCents: plan!.priceCents,
      currency: 'USD',
      provider: 'sandbox',
      providerReference: `sbx_ch_${key}`,
      brand: 'visa',
      last4: '4242',
      status: 'succeeded',
      idempotencyKey: key,
      purpose: `plan:${plan!.id}`,
      createdAt: input.startsAt,
    })
    .returning({ id: payments.id });
  const [row] = await db
    .insert(subscriptions)
    .values({
      accountId,
      planId: plan!.id,
      paymentId: payment!.id,
      kind: plan!.kind,
      startsAt: input.startsAt,
      expiresAt: input.expiresAt,
      autoRenew: input.status === 'active',
      status: input.status ?? 'active',
    })
    .returning({ id: subscriptions.id });
  return row!.id;
}
