import { mailOf } from '../../platform/mail/define';
import { retentionNoticeMailKind } from './account-data.mails';
import {
  accountDataRoutes,
  accountRoutes,
  adminAccountRoutes,
  dashboardRoutes,
  paymentRoutes,
  routeUrl,
} from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { waitForQueueIdle } from '../../../test/jobs';
import { insertVideo } from '../../../test/delivery-fixtures';
import { startWorkers } from '../../composition';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { ADMIN_ENV, signInAdmin, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { passwordResets, sessions, users } from '../accounts/accounts.schema';
import { call } from '../funeral-homes/funeral-homes.fixtures';
import { buyPlan, planIds } from '../payments/payments.fixtures';
import { payments } from '../payments/payments.schema';
import { scheduledDeliveries } from '../delivery/delivery.schema';
import { videos } from '../videos/videos.schema';
import { retentionNotices } from './account-data.schema';
import { retentionNoticeQueue } from './account-data.queue';
import { storedVideo } from './account-data.fixtures';

const DAY = 24 * 60 * 60 * 1000;
/** Not the default (365): the answers and the clock follow the configuration. */
const RETENTION_DAYS = 400;

describe('retention: a deactivated account is kept as long as promised, then deleted', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let stopWorkers: () => Promise<void>;

  /** A new admin session at the clock's time (a moved clock ends the earlier ones). */
  const admin = () => signInAdmin(ctx);
  const setStatus = async (id: number, status: 0 | 1) => {
    const response = await call(ctx, adminAccountRoutes.userStatus, (await admin()).token, {
      params: { id },
      body: { status },
    });
    expect(response.statusCode).toBe(200);
  };
  const endedAtOf = async (id: number) =>
    (await ctx.deps.db.select({ at: users.deactivatedAt }).from(users).where(eq(users.id, id)))[0]?.at ??
    null;
  const accountRow = async (id: number) =>
    (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0] ?? null;
  const run = () => ctx.deps.accountData.retention.run();
  const noticesOf = (id: number) =>
    ctx.deps.db.select().from(retentionNotices).where(eq(retentionNotices.accountId, id));
  /** The notices' jobs all ran: every mail the runs so far set off has arrived or been dropped. */
  const noticesSettled = () => waitForQueueIdle(ctx.deps.database.executeSql, retentionNoticeQueue);
  /** The retention notices that reached `email` (its deactivation and activation are told by e-mail too). */
  const mailsTo = (email: string) =>
    smtp.messages.filter((mail) => mail.to === email && /will be deleted/.test(mail.subject));
  const revenue = async (who: SignedIn) => (await call(ctx, dashboardRoutes.subscription, who.token)).json();

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({
      ...ADMIN_ENV,
      SMTP_URL: smtp.url,
      RETENTION_DAYS: String(RETENTION_DAYS),
    });
    stopWorkers = await startWorkers(ctx.composition);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    await ctx?.close();
    await smtp?.close();
  });

  it('answers the configured periods on the public call the policy page reads', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: routeUrl(accountDataRoutes.retention) });
    expect(response.statusCode).toBe(200);
    const expected = {
      data: { retention_days: RETENTION_DAYS, notice_days: [30, 7], export_days: 7, mail_log_days: 90 },
    };
    expect(response.json()).toEqual(expected);
    // A signed-in caller and a stray query string get the same answer.
    const person = await signUpUser(ctx);
    const signedIn = await call(ctx, accountDataRoutes.retention, person.token, {
      query: { x: 'y'.repeat(4000) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(expected);
  });

  it('e-mails 30 and 7 days ahead, each once, then deletes media and personal data and keeps the payment without its payer', async () => {
    const person = await signUpUser(ctx, { first_name: 'Retained' });
    const video = await storedVideo(ctx, person.id, 'Kept a while', 'Then gone.');
    await buyPlan(ctx, person, (await planIds(ctx))['Monthly Membership']!);
    await setStatus(person.id, 0);
    const endedAt = (await endedAtOf(person.id))!;
    expect(endedAt).toEqual(ctx.clock.now());

    // A day before the first notice's day: nothing.
    ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS - 31) * DAY));
    await run();
    expect(await noticesOf(person.id)).toHaveLength(0);

    // 30 days before: one notice, however many runs.
    ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS - 30) * DAY));
    await run();
    await run();
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(1);
    const first = mailsTo(person.email)[0]!;
    expect(first.subject).toBe('Your Parting Words data will be deleted in 30 days');
    expect(first.text).toContain('Hello Retained,');
    const deleteOn = new Date(endedAt.getTime() + RETENTION_DAYS * DAY);
    // Written as every date is: "26 November 2027".
    const day = deleteOn.toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(first.text).toContain(`On ${day} (UTC) we will delete it`);

    // 7 days before: the second, once.
    ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS - 7) * DAY));
    await run();
    await run();
    await noticesSettled();
    expect(mailsTo(person.email).map((mail) => mail.subject)).toEqual([
      'Your Parting Words data will be deleted in 30 days',
      'Your Parting Words data will be deleted in 7 days',
    ]);

    // A minute before the day: still there.
    ctx.clock.set(new Date(deleteOn.getTime() - 60_000));
    await run();
    expect(await accountRow(person.id)).not.toBeNull();

    // At the day: deleted, the payment kept without payer or card, the totals unchanged.
    ctx.clock.set(deleteOn);
    const boss = await admin();
    const revenueBefore = await revenue(boss);
    const [paymentBefore] = await ctx.deps.db
      .select()
      .from(payments)
      .where(eq(payments.accountId, person.id));
    for (const key of [video.mediaKey!, video.thumbnailKey!])
      expect(await ctx.deps.storage.stat(key)).not.toBeNull();

    const outcome = await run();
    expect(outcome.deleted).toBe(1);
    expect(await accountRow(person.id)).toBeNull();
    expect(await ctx.deps.db.select().from(videos).where(eq(videos.ownerId, person.id))).toHaveLength(0);
    for (const key of [video.mediaKey!, video.thumbnailKey!])
      expect(await ctx.deps.storage.stat(key)).toBeNull();
    expect(await noticesOf(person.id)).toHaveLength(0);
    expect(
      await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, person.email)),
    ).toHaveLength(0);
    const [paymentAfter] = await ctx.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentBefore!.id));
    expect(paymentAfter).toMatchObject({
      accountId: null,
      last4: '',
      amountCents: paymentBefore!.amountCents,
      createdAt: paymentBefore!.createdAt,
    });
    expect(await revenue(boss)).toEqual(revenueBefore);
    const log = await call(ctx, paymentRoutes.adminLog, boss.token);
    const row = log.json().data.find((entry: { id: number }) => entry.id === paymentBefore!.id);
    expect(row).toMatchObject({ name: 'Deleted account', email: '', type: 'deleted' });

    // Nothing more: no third mail, no second deletion.
    expect((await run()).deleted).toBe(0);
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(2);
  }, 120_000);

  it('stops the clock on activation, and a new deactivation starts it anew', async () => {
    ctx.clock.set(new Date());
    const person = await signUpUser(ctx);
    await setStatus(person.id, 0);
    const endedAt = (await endedAtOf(person.id))!;
    ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS - 30) * DAY));
    await run();
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(1);

    await setStatus(person.id, 1);
    expect(await endedAtOf(person.id)).toBeNull();
    ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS + 30) * DAY));
    await run();
    await noticesSettled();
    expect(await accountRow(person.id)).toMatchObject({ status: 1 });
    expect(mailsTo(person.email)).toHaveLength(1);

    // Deactivated again: its own 30 days' notice, its own day.
    await setStatus(person.id, 0);
    const again = (await endedAtOf(person.id))!;
    ctx.clock.set(new Date(again.getTime() + (RETENTION_DAYS - 30) * DAY));
    await run();
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(2);
    expect(await accountRow(person.id)).not.toBeNull();
  }, 60_000);

  it('drops a notice whose account was activated before its mail went', async () => {
    ctx.clock.set(new Date());
    const person = await signUpUser(ctx);
    await setStatus(person.id, 0);
    const endedAt = (await endedAtOf(person.id))!;
    // The row as a run writes it, its job not yet run; then the account is activated.
    const [mailId] = await ctx.deps.outbox.enqueue(
      [
        {
          mail: mailOf(retentionNoticeMailKind, {
            endedAt: endedAt.toISOString(),
            deleteOn: new Date().toISOString(),
            days: 30,
          }),
          to: person.email,
          accountId: person.id,
          ref: `retention:${person.id}`,
        },
      ],
      ctx.deps.db,
    );
    await setStatus(person.id, 1);
    expect(await ctx.deps.accountData.retention.sendNotice(mailId!)).toBe('skipped');
    const [row] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId!));
    expect(row!.state).toBe('dropped');
    expect(mailsTo(person.email)).toHaveLength(0);
  });

  it('never touches an active account: its pending delivery and sealed final message survive a run years ahead', async () => {
    ctx.clock.set(new Date());
    const person = await signUpUser(ctx);
    const scheduled = await storedVideo(ctx, person.id, 'For the twins', 'On their 30th birthday.');
    const finalId = await insertVideo(ctx.deps.db, person.id, { title: 'After me', folder: 'final' });
    const dueAt = new Date(ctx.clock.now().getTime() + 20 * 365 * DAY);
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      videoId: scheduled.id,
      ownerId: person.id,
      recipientEmail: 'twins@recipient.test',
      dueAt,
    });

    ctx.clock.set(new Date(ctx.clock.now().getTime() + 10 * 365 * DAY));
    await run();
    await run();

    expect(await accountRow(person.id)).toMatchObject({ status: 1 });
    const kept = await ctx.deps.db
      .select({ id: videos.id, folder: videos.folder })
      .from(videos)
      .where(inArray(videos.id, [scheduled.id, finalId]));
    expect(kept).toHaveLength(2);
    const [delivery] = await ctx.deps.db
      .select()
      .from(scheduledDeliveries)
      .where(eq(scheduledDeliveries.videoId, scheduled.id));
    expect(delivery).toMatchObject({ status: 'pending', dueAt });
    expect((await ctx.deps.legacy.releaseOf(person.id)).state).toBe('sealed');
    expect(await ctx.deps.storage.stat(scheduled.mediaKey!)).not.toBeNull();
    expect(await noticesOf(person.id)).toHaveLength(0);
  }, 60_000);

  it('two runs at once notify once and delete once', async () => {
    ctx.clock.set(new Date());
    const person = await signUpUser(ctx);
    const video = await storedVideo(ctx, person.id, 'Twice?', 'Once.');
    await setStatus(person.id, 0);
    const endedAt = (await endedAtOf(person.id))!;

    for (const daysBefore of [30, 7]) {
      ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS - daysBefore) * DAY));
      await Promise.all([run(), run(), run()]);
    }
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(2);
    expect((await noticesOf(person.id)).map((n) => n.daysBefore).sort()).toEqual([30, 7].sort());

    ctx.clock.set(new Date(endedAt.getTime() + RETENTION_DAYS * DAY));
    const outcomes = await Promise.all([run(), run(), run()]);
    expect(outcomes.reduce((sum, o) => sum + o.deleted, 0)).toBe(1);
    expect(await accountRow(person.id)).toBeNull();
    expect(await ctx.deps.storage.stat(video.mediaKey!)).toBeNull();
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(2);
  }, 60_000);

  it('an activation racing the deletion wins or loses whole: the account is either kept active or gone', async () => {
    ctx.clock.set(new Date());
    const person = await signUpUser(ctx);
    await setStatus(person.id, 0);
    const endedAt = (await endedAtOf(person.id))!;
    for (const daysBefore of [30, 7]) {
      ctx.clock.set(new Date(endedAt.getTime() + (RETENTION_DAYS - daysBefore) * DAY));
      await run();
    }
    ctx.clock.set(new Date(endedAt.getTime() + RETENTION_DAYS * DAY));
    const boss = await admin();
    const [outcome, activation] = await Promise.all([
      run(),
      call(ctx, adminAccountRoutes.userStatus, boss.token, {
        params: { id: person.id },
        body: { status: 1 },
      }),
    ]);
    const row = await accountRow(person.id);
    expect(outcome.deleted).toBeLessThanOrEqual(1);
    if (row === null) {
      expect(row).toBeNull();
      expect(activation.statusCode).toBe(404);
    } else {
      expect(row).toMatchObject({ status: 1, deactivatedAt: null });
      expect(activation.statusCode).toBe(200);
    }
    await noticesSettled();
  }, 60_000);

  it('an account past its day that was never told is told first, and deleted no sooner than 7 days later', async () => {
    ctx.clock.set(new Date());
    const person = await signUpUser(ctx);
    // Deactivated long ago, as when RETENTION_DAYS is shortened or the duty did not run for weeks.
    const endedAt = new Date(ctx.clock.now().getTime() - (RETENTION_DAYS + 40) * DAY);
    await ctx.deps.db.update(users).set({ status: 0, deactivatedAt: endedAt }).where(eq(users.id, person.id));

    await run();
    await noticesSettled();
    expect(mailsTo(person.email).map((mail) => mail.subject)).toEqual([
      'Your Parting Words data will be deleted in 7 days',
    ]);
    expect(await accountRow(person.id)).not.toBeNull();

    ctx.clock.set(new Date(ctx.clock.now().getTime() + 7 * DAY - 60_000));
    await run();
    expect(await accountRow(person.id)).not.toBeNull();
    ctx.clock.set(new Date(ctx.clock.now().getTime() + 60_000));
    await run();
    expect(await accountRow(person.id)).toBeNull();
    await noticesSettled();
    expect(mailsTo(person.email)).toHaveLength(1);
  }, 60_000);

  it('purges expired and revoked sessions, used and expired reset codes, and settled mail rows older than 90 days', async () => {
    ctx.clock.set(new Date());
    const now = ctx.clock.now();
    const person = await signUpUser(ctx);
    const hour = 60 * 60 * 1000;
    const sessionRows = await ctx.deps.db
      .insert(sessions)
      .values([
        { userId: person.id, tokenHash: `expired-${person.id}`, expiresAt: new Date(now.getTime() - hour) },
        {
          userId: person.id,
          tokenHash: `revoked-${person.id}`,
          expiresAt: new Date(now.getTime() + DAY),
          revokedAt: now,
        },
      ])
      .returning({ id: sessions.id });
    await ctx.deps.db.insert(passwordResets).values([
      { userId: person.id, codeHash: 'expired', expiresAt: new Date(now.getTime() - 60_000) },
      { userId: person.id, codeHash: 'used', expiresAt: new Date(now.getTime() + 60_000), usedAt: now },
      { userId: person.id, codeHash: 'live', expiresAt: new Date(now.getTime() + 10 * 60_000) },
    ]);
    const old = new Date(now.getTime() - 91 * DAY);
    const recent = new Date(now.getTime() - 89 * DAY);
    const mail = (state: 'sent' | 'failed' | 'queued' | 'dropped' | 'bounced', at: Date, tag: string) => ({
      // A kind no sweeper sends again: the rows stay as written until the run.
      kind: 'account-deleted',
      toEmail: `${tag}@outbox.test`,
      messageId: `<${tag}-${person.id}@retention.test>`,
      state,
      createdAt: at,
      updatedAt: at,
    });
    await ctx.deps.db.insert(mailOutbox).values([
      mail('sent', old, 'old-sent'),
      mail('failed', old, 'old-failed'),
      mail('dropped', old, 'old-dropped'),
      // A returned mail names its recipient as much as a sent one: it goes with the others.
      mail('bounced', old, 'old-bounced'),
      mail('bounced', recent, 'recent-bounced'),
      mail('sent', recent, 'recent-sent'),
      mail('queued', old, 'old-queued'),
    ]);

    await run();

    expect(
      await ctx.deps.db
        .select()
        .from(sessions)
        .where(
          inArray(
            sessions.id,
            sessionRows.map((r) => r.id),
          ),
        ),
    ).toHaveLength(0);
    // The sign-up's own session is live: it stays, and still signs in.
    expect(await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(1);
    expect((await call(ctx, accountRoutes.userProfile, person.token)).statusCode).toBe(200);
    const codes = await ctx.deps.db
      .select({ hash: passwordResets.codeHash })
      .from(passwordResets)
      .where(eq(passwordResets.userId, person.id));
    expect(codes.map((c) => c.hash)).toEqual(['live']);
    const left = await ctx.deps.db
      .select({ to: mailOutbox.toEmail })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'account-deleted'));
    const addresses = left.map((row) => row.to);
    for (const gone of ['old-sent', 'old-failed', 'old-dropped', 'old-bounced'])
      expect(addresses).not.toContain(`${gone}@outbox.test`);
    for (const kept of ['recent-sent', 'recent-bounced', 'old-queued'])
      expect(addresses).toContain(`${kept}@outbox.test`);
  });
});
