/**
 * Timed duties while a worker is down: a final message's release and a plan's end fall due after one
 * worker was SIGKILLed. The surviving worker must do each once (the release's e-mails to the trusted
 * contacts, the expiry's notice to the holder), and the killed one, back and catching up at its start,
 * must not do them again.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { insertUser, insertVideo } from '../../apps/server/test/delivery-fixtures';
import { notificationKinds } from '@pw/contracts';
import {
  legacyContacts,
  legacyReports,
  legacySettings,
} from '../../apps/server/src/modules/legacy/legacy.schema';
import { enqueueRelease } from '../../apps/server/src/modules/legacy';
import { payments, subscriptions } from '../../apps/server/src/modules/payments/payments.schema';
import { expireSubscriptionsQueue } from '../../apps/server/src/modules/payments';
import { plans } from '../../apps/server/src/modules/plans/plans.schema';
import type { Cluster } from './cluster';
import { waitFor } from './processes';
import { withComposition } from './composition';

const DUE_IN_MS = 8000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = async (cluster: Cluster, sql: string, values: unknown[]) =>
  Number((await cluster.query<{ n: string }>(sql, values))[0]!.n);

export function dutiesWithAWorkerDown(cluster: Cluster, figures: string[]) {
  return withComposition(cluster, 'duties', async (deps) => {
    const tag = randomBytes(3).toString('hex');
    const dueAt = new Date(Date.now() + DUE_IN_MS);

    // A sealed final message with two confirmed contacts, its passing reported: released at `dueAt`.
    const ownerId = await insertUser(deps.db, { email: `owner-${tag}@duties.test` });
    await insertVideo(deps.db, ownerId, { folder: 'final', title: 'Last words' });
    await deps.db.insert(legacySettings).values({ userId: ownerId, state: 'waiting' });
    const contacts = [`ann-${tag}@duties.test`, `ben-${tag}@duties.test`];
    await deps.db.insert(legacyContacts).values(
      contacts.map((email, i) => ({
        ownerId,
        name: `Contact ${i}`,
        email,
        tokenNonce: randomBytes(16).toString('hex'),
        tokenHash: randomBytes(32).toString('hex'),
        confirmedAt: new Date(),
      })),
    );
    const [report] = await deps.db
      .insert(legacyReports)
      .values({
        ownerId,
        state: 'waiting',
        reporterKind: 'trusted-contact',
        reporterName: 'Contact 0',
        relation: 'Sister',
        reportedAt: new Date(),
        releaseAt: dueAt,
      })
      .returning({ id: legacyReports.id });
    await enqueueRelease(deps.queue, report!.id, dueAt);

    // A plan that ends at `dueAt` and does not renew.
    const holderEmail = `holder-${tag}@duties.test`;
    const holderId = await insertUser(deps.db, { email: holderEmail });
    const [plan] = await deps.db.select().from(plans).where(eq(plans.title, 'Life-time Membership'));
    const [payment] = await deps.db
      .insert(payments)
      .values({
        accountId: holderId,
        planId: plan!.id,
        amountCents: plan!.priceCents,
        currency: 'USD',
        provider: 'sandbox',
        providerReference: `sbx_ch_duties_${tag}`,
        brand: 'visa',
        last4: '4242',
        status: 'succeeded',
        idempotencyKey: `duties:${tag}`,
        purpose: `plan:${plan!.id}`,
      })
      .returning({ id: payments.id });
    const [subscription] = await deps.db
      .insert(subscriptions)
      .values({
        accountId: holderId,
        planId: plan!.id,
        paymentId: payment!.id,
        kind: 'membership',
        startsAt: new Date(Date.now() - 86_400_000),
        expiresAt: dueAt,
        autoRenew: false,
        warnedAt: new Date(),
      })
      .returning({ id: subscriptions.id });

    const killed = cluster.workers[1]!;
    const survivor = cluster.workers[0]!.proc;
    await killed.proc.kill('SIGKILL');
    await sleep(dueAt.getTime() - Date.now() + 500);
    // The hourly duty's next run, as its schedule would send it.
    await deps.queue.send(expireSubscriptionsQueue.name, {});
    const started = Date.now();
    await waitFor(
      async () => {
        const released = await count(
          cluster,
          `select count(*) n from legacy_reports where id = $1 and state = 'released'`,
          [report!.id],
        );
        const expired = await count(
          cluster,
          `select count(*) n from subscriptions where id = $1 and status = 'expired'`,
          [subscription!.id],
        );
        const mailed = cluster.smtp.messages.filter((m) => [...contacts, holderEmail].includes(m.to)).length;
        return released === 1 && expired === 1 && mailed >= 3;
      },
      90_000,
      'the release and the expiry done by the surviving worker',
      250,
    );
    figures.push(
      `duties with a worker down: release and expiry done and mailed ${((Date.now() - started) / 1000).toFixed(1)} s after due`,
    );
    // The killed worker comes back: its start-up sweep must find nothing left to do.
    await cluster.startWorker(1);
    await waitFor(
      async () =>
        (await count(
          cluster,
          `select count(*) n from mail_outbox where state <> 'sent' and to_email = any($1)`,
          [[...contacts, holderEmail]],
        )) === 0,
      30_000,
      'the outbox settled',
    );
    await sleep(3000);

    const problems: string[] = [];
    for (const email of contacts) {
      const copies = cluster.smtp.messages.filter((m) => m.to === email).length;
      if (copies !== 1) problems.push(`${email} got ${copies} release e-mails`);
    }
    const holderCopies = cluster.smtp.messages.filter((m) => m.to === holderEmail).length;
    if (holderCopies !== 1) problems.push(`the holder got ${holderCopies} expiry e-mails`);
    const releasedLogs = await count(
      cluster,
      `select count(*) n from legacy_log where owner_id = $1 and text like '%was released%'`,
      [ownerId],
    );
    if (releasedLogs !== 1) problems.push(`${releasedLogs} release entries in the owner's log`);
    const notices = await count(
      cluster,
      `select count(*) n from notifications where user_id = $1 and kind = $2`,
      [holderId, notificationKinds.subscriptionExpired],
    );
    if (notices !== 1) problems.push(`${notices} expiry notices`);
    const releasedBySurvivor = survivor.logs.some(
      (log) => log.msg === 'legacy release job' && log.reportId === report!.id && log.outcome === 'released',
    );
    if (!releasedBySurvivor) problems.push('the surviving worker did not log the release');
    const expiredBySurvivor = survivor.logs.some(
      (log) => log.msg === 'subscriptions settled' && Number(log.expired) >= 1,
    );
    if (!expiredBySurvivor) problems.push('the surviving worker did not log the expiry');
    if (problems.length) throw new Error(problems.join('; '));
  });
}
