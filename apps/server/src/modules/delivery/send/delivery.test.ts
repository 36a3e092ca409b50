import { deliveryRoutes, videoRoutes, routeUrl } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { startTestSmtp, type TestSmtp, type ReceivedMail } from '../../../../test/smtp';
import { quickDeliveryRetries } from '../../../../test/mailing-app';
import { startWorkers } from '../../../composition';
import {
  bringDueNow,
  deliveriesOf,
  deliveriesSettled,
  insertUser,
  insertVideo,
  setUserStatus,
  waitForDeliveries,
} from '../../../../test/delivery-fixtures';
import { videos } from '../../videos/videos.schema';
import { notifications } from '../../notifications/notifications.schema';
import { scheduledDeliveries, type DeliveryRow } from '../delivery.schema';
import { watchToken } from '../delivery.tokens';
import { createDeliveryRepo } from '../delivery.repo';
import { defaultDeliveryWorkerOptions, type WorkerContext, type WorkerDeps } from '../delivery.context';
import { processDeliveries, processDelivery } from './delivery.decide';
import { createOwnerNoticeBatcher } from '../owner-notices';
import { holdLivenessIds } from '../../../../test/delivery-fixtures';
import { waitUntil } from '../../../../test/wait';
import { DELIVERY_MESSAGES } from '@pw/contracts';
import pLimit from 'p-limit';
import { mailOutbox } from '../../../platform/mail/mail.schema';

let seq = 0;
const recipient = (label: string) => `${label}-${++seq}@recipient.test`;

describe('scheduled delivery (SMTP)', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let stopWorkers: () => Promise<void>;
  let ownerId: number;

  const mailsTo = (email: string): ReceivedMail[] => smtp.messages.filter((m) => m.to === email);
  const rowFor = (videoId: number): Promise<DeliveryRow[]> => deliveriesOf(ctx.deps.db, videoId);
  const waitForStatus = (videoId: number, status: string, timeoutMs = 10_000) =>
    waitForDeliveries(ctx.deps.db, videoId, (row) => row.status === status, timeoutMs);
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000);
  // Far enough ahead that what a test does first (cancel, move, deactivate) surely comes before it, on
  // any machine; the test then brings its moment to now (bringDueNow) instead of racing the clock.
  const inAnHour = () => inSeconds(3600);
  /** The send job of a delivery: when pg-boss will first hand it to a worker. */
  const jobStartOf = async (deliveryId: number): Promise<Date> => {
    const { rows } = await ctx.deps.database.executeSql(
      `select start_after from pgboss.job where name = 'delivery.send' and singleton_key = $1`,
      [`${deliveryId}:send`],
    );
    expect(rows).toHaveLength(1);
    return new Date(rows[0]!.start_after as string | Date);
  };
  const scheduleDelivery = (videoId: number, recipientEmail: string, dueAt: Date) =>
    ctx.deps.delivery.schedule({ timezone: 'UTC', videoId, ownerId, recipientEmail, dueAt });
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });
  const tokenOf = (row: DeliveryRow) => watchToken(ctx.deps.secret, row.messageId);
  const outboxRowOf = async (row: DeliveryRow) =>
    (
      await ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.ref, `delivery:${row.id}`))
    )[0];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
    stopWorkers = await startWorkers(ctx.composition, quickDeliveryRetries);
    ownerId = await insertUser(ctx.deps.db, {
      firstName: 'Margaret',
      lastName: 'Hale',
      email: 'owner@owner.test',
    });
  });
  afterAll(async () => {
    await stopWorkers?.();
    await ctx?.close();
    await smtp?.close();
  });

  it('sends a due delivery once, at its time, with a working watch link, and notifies the owner', async () => {
    const to = recipient('once');
    const videoId = await insertVideo(ctx.deps.db, ownerId, {
      title: 'Happy birthday',
      description: 'Forty!',
    });
    const dueAt = inAnHour();
    await scheduleDelivery(videoId, to, dueAt);
    // Not before its time: the row and its job wait for that instant, and nothing goes out meanwhile.
    const [scheduled] = await rowFor(videoId);
    expect(scheduled!.nextAttemptAt.toISOString()).toBe(dueAt.toISOString());
    expect((await jobStartOf(scheduled!.id)).toISOString()).toBe(dueAt.toISOString());
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(0);

    // Its moment comes (the database's clock, which decides, cannot be moved: the row and its job are
    // brought to now) and the send loop's own polling finds it: nothing wakes it.
    await bringDueNow(ctx.deps, [scheduled!.id], { wake: false });
    await smtp.waitFor(() => mailsTo(to).length === 1);
    await waitForStatus(videoId, 'sent');
    const [mail] = mailsTo(to);
    // The subject is the platform's; the owner's words are in the body, quoted as theirs.
    expect(mail!.subject).toBe('A video message for you on Parting Words');
    expect(mail!.text).toContain('Margaret Hale recorded a video message for you');
    expect(mail!.text).toContain('Margaret Hale wrote:\n> “Happy birthday”\n> “Forty!”');
    expect(mail!.html).toContain('Watch the message');

    const [row] = await rowFor(videoId);
    expect(row!.status).toBe('sent');
    expect(row!.attempts).toBe(1);
    expect(mail!.messageId).toBe(row!.messageId);
    const link = /http:\/\/pw\.test\/watch\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    expect(link![1]).toBe(tokenOf(row!));
    // Only the hash is stored.
    expect(row!.tokenHash).not.toContain(link![1]);

    const page = await watch(link![1]!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const data = page.json().data;
    expect(data).toMatchObject({
      title: 'Happy birthday',
      description: 'Forty!',
      sender_name: 'Margaret Hale',
      creator: { first_name: 'Margaret', last_name: 'Hale' },
      duration: '00:00:42',
    });
    expect(data.video_link).toMatch(/^\/api\/media\/v\/videos\/[0-9a-f]+\.mp4\?exp=\d+&sig=[\w-]+$/);
    expect(data.video_thumbnail).toMatch(/^\/api\/media\/v\/thumbnails\//);
    expect(data.delivered_at).not.toBeNull();

    // The owner: one in-app notification and its e-mail copy.
    await smtp.waitFor(() => mailsTo('owner@owner.test').some((m) => m.text.includes('Happy birthday')));
    const notes = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    const sentNotes = notes.filter((n) => n.kind === 'delivery.sent' && n.data.video_id === videoId);
    expect(sentNotes).toHaveLength(1);
    expect(sentNotes[0]!.body).toBe(`"Happy birthday" was delivered to ${to}.`);

    // The video API can show it as delivered.
    const status = await createDeliveryRepo(ctx.deps.db).deliveryStatusFor([videoId]);
    expect(status.get(videoId)).toMatchObject({ status: 'sent', recipientEmail: to, attempts: 1 });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(videoRoutes.listScheduled),
      headers: { authorization: `Bearer ${await ctx.deps.sessions.create(ownerId, false)}` },
    });
    const shown = listed.json().data.find((video: { id: number }) => video.id === videoId);
    expect(shown.delivery).toMatchObject({ status: 'sent', recipient_email: to, attempts: 1 });
    expect(shown.delivery.sent_at).not.toBeNull();

    // No second copy turns up later: not from a worker, not from a sweep.
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('through the video API: scheduling, rescheduling and moving out drive deliveries', async () => {
    const token = await ctx.deps.sessions.create(ownerId, false);
    const videoId = await insertVideo(ctx.deps.db, ownerId, { folder: 'draft', title: 'Via the API' });
    // The API takes a date and a minute in the owner's zone and refuses instants that are not in the
    // future: let the server's clock run a minute behind, so "the next minute" is already due.
    const realNow = new Date();
    ctx.clock.set(new Date(realNow.getTime() - 60_000));
    const minute = new Date(Math.floor(realNow.getTime() / 60_000) * 60_000);
    const move = (fields: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: routeUrl(videoRoutes.updateType, { id: videoId }),
        headers: { authorization: `Bearer ${token}` },
        payload: fields,
      });
    const first = recipient('api-first');
    const second = recipient('api-second');
    // A day ahead: what the test does before it surely comes first.
    const later = new Date(realNow.getTime() + 24 * 3600_000);
    const schedule = (email: string, at: Date) =>
      move({
        type: 'scheduled',
        email,
        share_at_date: at.toISOString().slice(0, 10),
        share_at_time: at.toISOString().slice(11, 16),
        timezone: 'UTC',
      });

    // Scheduled a day ahead, then rescheduled to a time already due and another address:
    // only the second is sent, at once.
    const scheduled = await schedule(first, later);
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().message).toBe('Video moved and scheduled');
    const rescheduled = await schedule(second, minute);
    expect(rescheduled.json().message).toBe('Video schedule has been updated');
    await smtp.waitFor(() => mailsTo(second).length === 1);
    const rows = await waitForStatus(videoId, 'sent');
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'sent']);
    expect(rows[1]!.dueAt.toISOString()).toBe(minute.toISOString());
    expect(mailsTo(first)).toHaveLength(0);
    expect(mailsTo(second)[0]!.subject).toBe('A video message for you on Parting Words');
    expect(mailsTo(second)[0]!.text).toContain('“Via the API”');

    // The video stays in the scheduled folder, marked delivered for the API to show.
    const [video] = await ctx.deps.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video!.folder).toBe('scheduled');
    expect((await ctx.deps.delivery.statusFor([videoId])).get(videoId)?.status).toBe('sent');

    // Scheduled again, then moved to drafts before it is due: nothing more is sent.
    ctx.clock.set(realNow);
    const again = await schedule(recipient('api-third'), later);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Video scheduled to be sent again');
    expect((await rowFor(videoId)).map((r) => r.status)).toEqual(['cancelled', 'sent', 'pending']);
    // A change of that new delivery is an ordinary change again.
    expect((await schedule(recipient('api-third'), later)).json().message).toBe(
      'Video schedule has been updated',
    );
    expect((await move({ type: 'draft' })).statusCode).toBe(200);
    expect((await rowFor(videoId)).map((r) => r.status)).toEqual([
      'cancelled',
      'sent',
      'cancelled',
      'cancelled',
    ]);
    ctx.clock.set(new Date());
  });

  it('sends nothing for a cancelled delivery, and its link is no longer available', async () => {
    const to = recipient('cancelled');
    const videoId = await insertVideo(ctx.deps.db, ownerId);
    await scheduleDelivery(videoId, to, inAnHour());
    await ctx.deps.delivery.cancel(videoId);
    const [row] = await rowFor(videoId);
    // Its moment comes: its job runs and sends nothing.
    await bringDueNow(ctx.deps, [row!.id]);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(0);
    expect(row!.status).toBe('cancelled');
    const page = await watch(tokenOf(row!));
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ message: DELIVERY_MESSAGES.noLongerAvailable });
  });

  it('sends a rescheduled delivery only at its new time, to its new address', async () => {
    const first = recipient('old-time');
    const second = recipient('new-time');
    const videoId = await insertVideo(ctx.deps.db, ownerId);
    await scheduleDelivery(videoId, first, inAnHour());
    const newDue = inSeconds(2 * 3600);
    await scheduleDelivery(videoId, second, newDue);
    const [old, current] = await rowFor(videoId);
    expect(current!.dueAt.toISOString()).toBe(newDue.toISOString());

    // The old time comes: nothing is sent, to either address.
    await bringDueNow(ctx.deps, [old!.id]);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(first)).toHaveLength(0);
    expect(mailsTo(second)).toHaveLength(0);

    // The new time comes: the new address gets it.
    await bringDueNow(ctx.deps, [current!.id]);
    await smtp.waitFor(() => mailsTo(second).length === 1);
    await waitForStatus(videoId, 'sent');
    expect(mailsTo(first)).toHaveLength(0);
    const rows = await rowFor(videoId);
    expect(rows.map((r) => r.status)).toEqual(['cancelled', 'sent']);
    expect((await watch(tokenOf(rows[0]!))).statusCode).toBe(404);
    expect((await watch(tokenOf(rows[1]!))).statusCode).toBe(200);
  });

  it('sends nothing for a deleted video, and the link is gone with it', async () => {
    const to = recipient('deleted');
    const videoId = await insertVideo(ctx.deps.db, ownerId);
    await scheduleDelivery(videoId, to, inAnHour());
    const [row] = await rowFor(videoId);
    await ctx.deps.db.delete(videos).where(eq(videos.id, videoId));
    // Its moment comes: the job of the deleted row finds nothing to send.
    await bringDueNow(ctx.deps, [row!.id]);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(0);
    expect(await rowFor(videoId)).toHaveLength(0);
    const page = await watch(tokenOf(row!));
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(DELIVERY_MESSAGES.noLongerAvailable);
  });

  it('cancels by itself when the video left the scheduled folder without a cancel call', async () => {
    const to = recipient('moved');
    const videoId = await insertVideo(ctx.deps.db, ownerId);
    await scheduleDelivery(videoId, to, inAnHour());
    await ctx.deps.db.update(videos).set({ folder: 'draft' }).where(eq(videos.id, videoId));
    await bringDueNow(ctx.deps, [(await rowFor(videoId))[0]!.id]);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(0);
    expect((await rowFor(videoId))[0]!.status).toBe('cancelled');
  });

  it('retries a temporary SMTP refusal (451) with back-off, then delivers once', async () => {
    const to = recipient('greylisted');
    smtp.setRecipientPolicy((address, attempt) => (address === to && attempt === 1 ? 451 : undefined));
    const videoId = await insertVideo(ctx.deps.db, ownerId);
    await scheduleDelivery(videoId, to, inSeconds(1));

    await smtp.waitFor(() => mailsTo(to).length === 1);
    expect(smtp.attempts.get(to)).toBe(2);
    const [row] = await waitForStatus(videoId, 'sent');
    expect(row!.status).toBe('sent');
    expect(row!.attempts).toBe(2);
    expect(row!.lastError).toBeNull();
    // The outbox row: both attempts under the delivery's one Message-ID, ending sent.
    expect(await outboxRowOf(row!)).toMatchObject({
      kind: 'delivery',
      toEmail: to,
      state: 'sent',
      attempts: 2,
      lastError: null,
      accountId: ownerId,
      messageId: row!.messageId,
    });
    expect(mailsTo(to)[0]!.messageId).toBe(row!.messageId);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(1);
    smtp.setRecipientPolicy(() => undefined);
  });

  it('marks a permanent refusal (550) bounced and tells the owner why', async () => {
    const to = recipient('nosuchuser');
    smtp.setRecipientPolicy((address) => (address === to ? 550 : undefined));
    const videoId = await insertVideo(ctx.deps.db, ownerId, { title: 'Our garden' });
    await scheduleDelivery(videoId, to, inSeconds(1));

    let row: DeliveryRow | undefined;
    await vi.waitFor(
      async () => {
        [row] = await rowFor(videoId);
        if (!(row?.status === 'bounced' && row.ownerNotifiedAt)) throw new Error('not bounced and told yet');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(row!.status).toBe('bounced');
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain('550');
    expect(smtp.attempts.get(to)).toBe(1);
    expect(mailsTo(to)).toHaveLength(0);
    const failedMail = await outboxRowOf(row!);
    expect(failedMail).toMatchObject({
      kind: 'delivery',
      state: 'bounced',
      attempts: 1,
      messageId: row!.messageId,
    });
    expect(failedMail!.lastError).toContain('550');
    expect(failedMail!.lastError).not.toContain(to);

    const notes = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, ownerId));
    const failed = notes.filter((n) => n.kind === 'delivery.bounced' && n.data.video_id === videoId);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.title).toBe('Your video could not be delivered');
    expect(failed[0]!.body).toContain(`"Our garden" could not be delivered to ${to}:`);
    expect(failed[0]!.body).toContain('It was not delivered.');
    expect(failed[0]!.body).toContain('550');
    expect(failed[0]!.data.reason).toContain('Mailbox unavailable');
    await smtp.waitFor(() => mailsTo('owner@owner.test').some((m) => m.text.includes('Our garden')));
    expect((await watch(tokenOf(row!))).statusCode).toBe(404);
    smtp.setRecipientPolicy(() => undefined);
  });

  it("holds a deactivated owner's delivery, and sends it once the account is active again", async () => {
    const to = recipient('held');
    const heldOwner = await insertUser(ctx.deps.db, { firstName: 'Held', lastName: 'Owner' });
    const videoId = await insertVideo(ctx.deps.db, heldOwner);
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      videoId,
      ownerId: heldOwner,
      recipientEmail: to,
      dueAt: inAnHour(),
    });
    await setUserStatus(ctx.deps.db, heldOwner, 0);
    // Its moment comes while the account is deactivated.
    await bringDueNow(ctx.deps, [(await rowFor(videoId))[0]!.id]);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(0);
    const [row] = await rowFor(videoId);
    expect(row!.status).toBe('pending');
    expect(row!.attempts).toBe(0);
    expect(row!.lastError).toMatch(/deactivated/);
    // A deactivated owner's videos are not shown publicly either.
    expect((await watch(tokenOf(row!))).statusCode).toBe(404);

    await setUserStatus(ctx.deps.db, heldOwner, 1);
    expect(await ctx.deps.delivery.resumeForOwner(heldOwner)).toEqual({ resumed: 1, awaiting: 0 });
    await smtp.waitFor(() => mailsTo(to).length === 1);
    expect((await waitForStatus(videoId, 'sent'))[0]!.status).toBe('sent');
  });

  it('waits for a video that is still processing, then sends it', async () => {
    const to = recipient('processing');
    const videoId = await insertVideo(ctx.deps.db, ownerId, { state: 'processing' });
    const due = inSeconds(0.5);
    await scheduleDelivery(videoId, to, due);
    await deliveriesSettled(ctx.deps, due);
    expect(mailsTo(to)).toHaveLength(0);
    expect((await rowFor(videoId))[0]!.lastError).toMatch(/processing/);
    await ctx.deps.db.update(videos).set({ state: 'ready' }).where(eq(videos.id, videoId));
    await smtp.waitFor(() => mailsTo(to).length === 1);
  });

  it('refuses unknown and malformed watch tokens', async () => {
    for (const token of ['x', 'A'.repeat(43), 'A'.repeat(99)]) {
      const page = await watch(token);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ message: DELIVERY_MESSAGES.noLongerAvailable });
    }
  });

  it('a schedule inside a transaction that rolls back leaves neither a row nor a job', async () => {
    const videoId = await insertVideo(ctx.deps.db, ownerId);
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await ctx.deps.delivery.schedule(
          { timezone: 'UTC', videoId, ownerId, recipientEmail: recipient('rollback'), dueAt: inSeconds(60) },
          tx,
        );
        throw new Error('video service failed after scheduling');
      }),
    ).rejects.toThrow('video service failed');
    expect(await rowFor(videoId)).toHaveLength(0);

    await scheduleDelivery(videoId, recipient('commit'), inSeconds(60));
    const [row] = await rowFor(videoId);
    const jobs = await ctx.deps.database.executeSql(
      `select count(*)::int as n from pgboss.job where name = 'delivery.send' and singleton_key = $1`,
      [`${row!.id}:send`],
    );
    expect(jobs.rows[0]!.n).toBe(1);
    await ctx.deps.delivery.cancel(videoId);
  });

  describe('claims (direct calls of the job handler)', () => {
    let ownerNotices: ReturnType<typeof createOwnerNoticeBatcher>;
    // What the module hands its worker, built from the test app's parts.
    const workerDeps = (): WorkerDeps => ({
      ...ctx.deps,
      repo: createDeliveryRepo(ctx.deps.db),
      publicUrl: ctx.deps.config.PUBLIC_URL,
    });
    const worker = (id: number): WorkerContext => ({
      deps: workerDeps(),
      liveness: { id, alive: true },
      options: { ...defaultDeliveryWorkerOptions, retryBaseSeconds: 1 },
      sendSlots: pLimit(4),
      // The PostgreSQL path (mark transaction held during the SMTP exchange) when the suite runs there.
      markDb: ctx.deps.database.kind === 'postgres' ? ctx.deps.db : undefined,
      ownerNotices,
    });
    // Liveness ids held by this test, as live workers hold theirs (424_242 is not: a dead worker).
    const LIVE_OTHER = 777_001;
    const held = [LIVE_OTHER, 11, 12, 13, 14, 21, 31, 41, 51];
    let release: () => Promise<void>;
    beforeAll(async () => {
      ownerNotices = createOwnerNoticeBatcher(workerDeps());
      release = await holdLivenessIds(ctx.deps.database, held);
    });
    afterAll(() => release());

    /** A due delivery whose job will not run by itself (its row is created directly). */
    async function dueRow(to: string, patch: Partial<DeliveryRow> = {}) {
      const videoId = await insertVideo(ctx.deps.db, ownerId);
      const [row] = await ctx.deps.db
        .insert(scheduledDeliveries)
        .values({
          videoId,
          ownerId,
          recipientEmail: to,
          dueAt: new Date(Date.now() - 1000),
          nextAttemptAt: new Date(Date.now() - 1000),
          tokenHash: `hash-${to}`,
          messageId: `<test-${to}>`,
          ...patch,
        })
        .returning();
      return row!;
    }

    it('two handlers racing for one delivery: one sends, the other finds it taken', async () => {
      const to = recipient('race');
      const row = await dueRow(to);
      const outcomes = await Promise.all([
        processDelivery(worker(11), row.id),
        processDelivery(worker(12), row.id),
        processDelivery(worker(13), row.id),
      ]);
      expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
      expect(
        outcomes
          .filter((o) => o !== 'sent')
          .every((o) => o === 'taken' || o === 'finished' || o === 'notified'),
      ).toBe(true);
      // The handlers have all returned (the server records a mail before it answers), and a sweep finds
      // nothing left to send.
      await deliveriesSettled(ctx.deps);
      expect(mailsTo(to)).toHaveLength(1);
      // Running it again later changes nothing and notifies nobody twice.
      await ownerNotices.idle();
      expect(await processDelivery(worker(14), row.id)).toBe('finished');
      const notes = await ctx.deps.db
        .select()
        .from(notifications)
        .where(sql`${notifications.data}->>'delivery_id' = ${String(row.id)}`);
      expect(notes).toHaveLength(1);
    });

    it('leaves a row claimed by a live worker alone', async () => {
      const to = recipient('live-claim');
      const row = await dueRow(to, {
        status: 'sending',
        claimedBy: LIVE_OTHER,
        claimedAt: new Date(),
        attempts: 1,
      });
      expect(await processDelivery(worker(21), row.id)).toBe('taken');
      // Nor does a sweep send it while its claimant lives.
      await deliveriesSettled(ctx.deps);
      expect(mailsTo(to)).toHaveLength(0);
      await ctx.deps.db.delete(videos).where(eq(videos.id, row.videoId));
    });

    it('takes over a row whose claimant died (crash before the send) and sends it with the same Message-ID', async () => {
      const to = recipient('dead-claim');
      const row = await dueRow(to, {
        status: 'sending',
        claimedBy: 424_242,
        claimedAt: new Date(),
        attempts: 1,
      });
      expect(await processDelivery(worker(31), row.id)).toBe('sent');
      await smtp.waitFor(() => mailsTo(to).length === 1);
      expect(mailsTo(to)[0]!.messageId).toBe(row.messageId);
      const [after] = await waitForStatus(row.videoId, 'sent');
      expect(after!.attempts).toBe(2);
      expect(after!.claimedBy).toBe(31);
    });

    it('one batch of jobs: claims what may be sent in one go, and says why for the rest', async () => {
      const due = [await dueRow(recipient('batch-a')), await dueRow(recipient('batch-b'))];
      const early = await dueRow(recipient('batch-early'), { nextAttemptAt: inAnHour() });
      const cancelled = await dueRow(recipient('batch-cancelled'), { status: 'cancelled' });
      const liveClaim = await dueRow(recipient('batch-live'), {
        status: 'sending',
        claimedBy: LIVE_OTHER,
        claimedAt: new Date(),
        attempts: 1,
      });
      const ids = [due[0]!.id, early.id, cancelled.id, due[0]!.id, liveClaim.id, due[1]!.id, 999_999];
      const results = await processDeliveries(worker(51), ids);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : r.reason))).toEqual([
        'sent',
        'early',
        'finished',
        'taken', // the same delivery twice in one batch: sent once
        'taken',
        'sent',
        'gone',
      ]);
      for (const row of due) expect(mailsTo(row.recipientEmail)).toHaveLength(1);
      for (const row of [early, cancelled, liveClaim]) expect(mailsTo(row.recipientEmail)).toHaveLength(0);
      await ctx.deps.db.delete(videos).where(eq(videos.id, liveClaim.videoId));
    });

    it('owners are told of a burst of outcomes in batches, each exactly once, by racing batchers', async () => {
      const rows = [];
      for (let i = 0; i < 12; i++)
        rows.push(await dueRow(recipient('told'), { status: i % 4 === 0 ? 'failed' : 'sent', attempts: 1 }));
      // A run that fails is logged and left to the sweeper: record what the batchers log, so a failure
      // here names the database's error rather than only a missing notice.
      const failures: unknown[] = [];
      const logger = Object.create(ctx.deps.logger) as typeof ctx.deps.logger;
      logger.error = ((entry: unknown) => void failures.push(entry)) as typeof logger.error;
      const batchers = [1, 2, 3].map(() =>
        createOwnerNoticeBatcher({ ...workerDeps(), logger }, { delayMs: 10, limit: 5 }),
      );
      for (const batcher of batchers) batcher.kick();
      // The earlier tests' batcher races too when a kick of theirs comes due now (a busy machine): the rows it
      // holds are skipped by these, and its notices are counted once it has committed them.
      await Promise.all([...batchers, ownerNotices].map((batcher) => batcher.idle()));
      expect(failures.map((entry) => String((entry as { err?: unknown }).err ?? entry))).toEqual([]);
      const ids = rows.map((row) => String(row.id));
      const notes = await ctx.deps.db
        .select()
        .from(notifications)
        .where(sql`${notifications.data}->>'delivery_id' in (${sql.join(ids, sql`, `)})`);
      expect(notes).toHaveLength(rows.length);
      expect(new Set(notes.map((n) => n.data.delivery_id)).size).toBe(rows.length);
      expect(notes.filter((n) => n.kind === 'delivery.failed')).toHaveLength(3);
      const after = await ctx.deps.db
        .select()
        .from(scheduledDeliveries)
        .where(sql`${scheduledDeliveries.id} in (${sql.join(ids, sql`, `)})`);
      expect(after.every((row) => row.ownerNotifiedAt !== null)).toBe(true);
    });

    /** PostgreSQL: an UPDATE of the deliveries is waiting for a row lock (the cancel, behind the send). */
    const cancelWaitsForTheRow = async () =>
      Number(
        (
          await ctx.deps.database.executeSql(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'
                and query ilike '%update%scheduled_deliveries%'`,
          )
        ).rows[0]!.n,
      ) > 0;

    it('a cancel that lands while the message is being sent: the row records the truth (sent)', async () => {
      const to = recipient('cancel-during-send');
      const row = await dueRow(to);
      // The server keeps its reply to this message until the cancel has landed: the message is on its way.
      smtp.holdData((recipients) => recipients.includes(to));
      try {
        const running = processDelivery(worker(41), row.id);
        await waitUntil(
          async () => smtp.held().some((message) => message.recipients.includes(to)),
          15_000,
          'the message sent in full, its reply held',
          10,
        );
        const cancelling = ctx.deps.delivery.cancel(row.videoId);
        // PGlite: no transaction is open during the exchange, the cancel is written now. PostgreSQL: the
        // send's transaction holds the row, so the cancel waits for its lock until the send is recorded.
        if (ctx.deps.database.kind === 'postgres')
          await waitUntil(cancelWaitsForTheRow, 15_000, 'the cancel waiting');
        else await cancelling;
        smtp.releaseHeld();
        expect(await running).toBe('sent');
        await cancelling;
      } finally {
        smtp.holdData(null);
      }
      expect((await rowFor(row.videoId))[0]!.status).toBe('sent');
      expect(mailsTo(to)).toHaveLength(1);
    });
  });
});
