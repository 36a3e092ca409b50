import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import pLimit from 'p-limit';
import { REPEAT_MESSAGES, deliveryRoutes, repeatSummary, routeUrl, videoRoutes } from '@pw/contracts';
import { quickDeliveryRetries, startMailingApp, type MailingApp } from '../../../../test/mailing-app';
import {
  deliveriesOf,
  deliveriesSettled,
  holdLivenessIds,
  insertMembership,
  insertVideo,
} from '../../../../test/delivery-fixtures';
import { waitUntil } from '../../../../test/wait';
import { bearer, signUpUser, type SignedIn } from '../../accounts/accounts.fixtures';
import { videos } from '../../videos/videos.schema';
import { scheduledDeliveries, type DeliveryRow } from '../delivery.schema';
import { createDeliveryRepo } from '../delivery.repo';
import { defaultDeliveryWorkerOptions, type WorkerContext, type WorkerDeps } from '../delivery.context';
import { processDelivery } from '../send/delivery.decide';
import { rollOver } from './delivery.repeat';
import { watchToken } from '../delivery.tokens';
import { MEMBERSHIP_NEEDED_MESSAGE } from '../schedule/delivery.allowance';

describe('yearly deliveries', () => {
  let app: MailingApp;
  let member: SignedIn;
  let other: SignedIn;
  const held = [61, 62];
  let release: () => Promise<void>;

  const ctx = () => app.ctx;
  const workerDeps = (): WorkerDeps => ({
    ...ctx().deps,
    repo: createDeliveryRepo(ctx().deps.db),
    publicUrl: ctx().deps.config.PUBLIC_URL,
  });
  const worker = (id: number): WorkerContext => ({
    deps: workerDeps(),
    liveness: { id, alive: true },
    options: { ...defaultDeliveryWorkerOptions, retryBaseSeconds: 1 },
    sendSlots: pLimit(4),
    markDb: ctx().deps.database.kind === 'postgres' ? ctx().deps.db : undefined,
    ownerNotices: { kick() {} },
  });
  const schedule = (who: SignedIn, id: number, fields: Record<string, unknown>) =>
    ctx().app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.updateType, { id }),
      headers: bearer(who.token),
      payload: { type: 'scheduled', email: 'kin@recipient.test', timezone: 'America/New_York', ...fields },
    });
  const liveRow = async (videoId: number) =>
    (await deliveriesOf(ctx().deps.db, videoId)).find((row) => ['pending', 'sending'].includes(row.status));
  const getVideo = async (who: SignedIn, id: number) =>
    (
      await ctx().app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.detail, { id }),
        headers: bearer(who.token),
      })
    ).json().data;

  /**
   * The clock reaches an occurrence: the app's clock moves to it, and the row and its job become due
   * now (the database's clock cannot be moved). Then the worker, and two handlers called directly,
   * race for it.
   */
  async function reach(row: DeliveryRow) {
    ctx().clock.set(row.dueAt);
    await ctx()
      .deps.db.update(scheduledDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledDeliveries.id, row.id));
    await ctx().deps.database.executeSql(
      `update pgboss.job set start_after = now() where name = 'delivery.send' and singleton_key = $1 and state = 'created'`,
      [`${row.id}:send`],
    );
    const outcomes = await Promise.all([
      processDelivery(worker(61), row.id),
      processDelivery(worker(62), row.id),
    ]);
    // Back to today, where the sessions of this test are valid.
    ctx().clock.set(new Date());
    return outcomes;
  }

  beforeAll(async () => {
    app = await startMailingApp({}, quickDeliveryRetries);
    member = await signUpUser(app.ctx);
    other = await signUpUser(app.ctx);
    await insertMembership(app.ctx.deps.db, member.id);
    release = await holdLivenessIds(app.ctx.deps.database, held);
  });
  afterAll(async () => {
    await release?.();
    await app?.close();
  });

  it('every year at its minute, exactly once each, with its own link, 29 February included, until repeat_until', async () => {
    const videoId = await insertVideo(ctx().deps.db, member.id, { folder: 'draft', title: 'Leap day' });
    const to = 'leap@recipient.test';
    const answer = await schedule(member, videoId, {
      email: to,
      share_at_date: '2028-02-29',
      share_at_time: '09:00',
      repeat: 'yearly',
      repeat_until: 2032,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.share_at_date).toBe('2028-02-29');

    const expected = [
      '2028-02-29T14:00:00.000Z',
      '2029-02-28T14:00:00.000Z',
      '2030-02-28T14:00:00.000Z',
      '2031-02-28T14:00:00.000Z',
      '2032-02-29T14:00:00.000Z',
    ];
    const messageIds: string[] = [];
    for (const [i, dueAt] of expected.entries()) {
      const row = (await liveRow(videoId))!;
      expect(row.dueAt.toISOString()).toBe(dueAt);
      expect(row.repeat).toBe('yearly');
      const shown = (await getVideo(member, videoId)).delivery;
      expect(shown.next_at).toBe(dueAt);
      const outcomes = await reach(row);
      expect(outcomes.filter((o) => o === 'sent').length).toBeLessThanOrEqual(1);
      await app.smtp.waitFor(() => app.mailsTo(to).length === i + 1);
      messageIds.push(row.messageId);
      // The next occurrence is created once this one is recorded (none after the last year).
      await waitUntil(
        async () => {
          const rows = await deliveriesOf(ctx().deps.db, videoId);
          return rows.length === i + 1 + (i + 1 < expected.length ? 1 : 0) && rows[i]!.rolledOverAt !== null;
        },
        10_000,
        `occurrence ${i + 1} rolled over`,
      );
    }
    await deliveriesSettled(ctx().deps);
    await rollOver(workerDeps(), 500);

    const rows = await deliveriesOf(ctx().deps.db, videoId);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // One mail per occurrence, each with its own Message-ID and watch link.
    const mails = app.mailsTo(to);
    expect(mails.map((mail) => mail.messageId)).toEqual(messageIds);
    expect(new Set(messageIds).size).toBe(5);
    const links = mails.map((mail) => /\/watch\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!);
    expect(new Set(links).size).toBe(5);
    expect(links[2]).toBe(watchToken(ctx().deps.secret, rows[2]!.messageId));

    // Opening one link records that occurrence's opening only.
    const page = await ctx().app.inject({
      method: 'GET',
      url: routeUrl(deliveryRoutes.watch, { token: links[2]! }),
    });
    expect(page.statusCode).toBe(200);
    const shown = (await getVideo(member, videoId)).delivery;
    expect(shown).toMatchObject({ repeat: 'yearly', repeat_until: 2032, next_at: null, status: 'sent' });
    expect(shown.history).toHaveLength(5);
    expect(shown.history.every((entry: { status: string }) => entry.status === 'sent')).toBe(true);
    expect(shown.history.map((entry: { opened_at: string | null }) => entry.opened_at !== null)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  }, 60_000);

  it('a daylight-saving change keeps 09:00 on the clock; the card says when it comes next', async () => {
    const videoId = await insertVideo(ctx().deps.db, member.id, { folder: 'draft', title: 'Spring' });
    const to = 'spring@recipient.test';
    const answer = await schedule(member, videoId, {
      email: to,
      share_at_date: '2027-03-12',
      share_at_time: '09:00:00',
      repeat: 'yearly',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const first = (await liveRow(videoId))!;
    expect(first.dueAt.toISOString()).toBe('2027-03-12T14:00:00.000Z');
    await reach(first);
    await app.smtp.waitFor(() => app.mailsTo(to).length === 1);
    await waitUntil(async () => (await liveRow(videoId)) !== undefined, 10_000, 'the 2028 occurrence');
    expect((await liveRow(videoId))!.dueAt.toISOString()).toBe('2028-03-12T13:00:00.000Z');

    const listed = await ctx().app.inject({
      method: 'GET',
      url: routeUrl(videoRoutes.listScheduled),
      headers: bearer(member.token),
    });
    const video = listed.json().data.find((v: { id: number }) => v.id === videoId);
    expect(video.delivery).toMatchObject({ repeat: 'yearly', repeat_until: null, status: 'pending' });
    expect(video.delivery.next_at).toBe('2028-03-12T13:00:00.000Z');
    expect(video.delivery.history).toHaveLength(1);
    expect(video.delivery.history[0]).toMatchObject({ status: 'sent', recipient: to, opened_at: null });
    expect(repeatSummary({ ...video, ...video.delivery })).toBe(
      'Every year on 12 March at 09:00 — next: 12 March 2028',
    );
  }, 30_000);

  it('changing the schedule changes the next occurrences only; moving out of scheduled stops them', async () => {
    const videoId = await insertVideo(ctx().deps.db, member.id, { folder: 'draft', title: 'Change' });
    const to = 'change@recipient.test';
    await schedule(member, videoId, {
      email: to,
      share_at_date: '2027-05-01',
      share_at_time: '08:00',
      repeat: 'yearly',
    });
    await reach((await liveRow(videoId))!);
    await app.smtp.waitFor(() => app.mailsTo(to).length === 1);
    await waitUntil(async () => (await liveRow(videoId)) !== undefined, 10_000, 'the 2028 occurrence');

    const changed = await schedule(member, videoId, {
      email: 'changed@recipient.test',
      share_at_date: '2027-09-01',
      share_at_time: '18:30',
      repeat: 'yearly',
      repeat_until: 2029,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await deliveriesOf(ctx().deps.db, videoId);
    // The sent occurrence stays as it was; the 2028 one is replaced by the new schedule's first.
    expect(rows.map((row) => row.status)).toEqual(['sent', 'cancelled', 'pending']);
    expect(rows[0]!.recipientEmail).toBe(to);
    expect(rows[2]).toMatchObject({ recipientEmail: 'changed@recipient.test', repeatUntil: 2029 });
    expect(rows[2]!.dueAt.toISOString()).toBe('2027-09-01T22:30:00.000Z');

    const moved = await ctx().app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.updateType, { id: videoId }),
      headers: bearer(member.token),
      payload: { type: 'draft' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await liveRow(videoId)).toBeUndefined();
  });

  it('an occurrence recorded just before the video left the folder, or was rescheduled, creates no next one', async () => {
    const movedOut = await insertVideo(ctx().deps.db, member.id, { folder: 'draft' });
    const rescheduled = await insertVideo(ctx().deps.db, member.id);
    const base = {
      ownerId: member.id,
      recipientEmail: 'late@recipient.test',
      dueAt: new Date('2027-01-01T10:00:00Z'),
      nextAttemptAt: new Date('2027-01-01T10:00:00Z'),
      status: 'sent' as const,
      repeat: 'yearly' as const,
      timezone: 'UTC',
      localAt: '2027-01-01T10:00:00',
    };
    const [a, b] = await ctx()
      .deps.db.insert(scheduledDeliveries)
      .values([
        { ...base, videoId: movedOut, tokenHash: 'roll-a', messageId: '<roll-a>' },
        { ...base, videoId: rescheduled, tokenHash: 'roll-b', messageId: '<roll-b>' },
      ])
      .returning();
    await ctx()
      .deps.db.insert(scheduledDeliveries)
      .values({
        ...base,
        videoId: rescheduled,
        status: 'pending',
        repeat: 'none',
        tokenHash: 'roll-c',
        messageId: '<roll-c>',
      });
    // Three callers race for the same finished rows: each is taken once.
    await Promise.all([rollOver(workerDeps(), 10), rollOver(workerDeps(), 10), rollOver(workerDeps(), 10)]);
    const rows = await ctx()
      .deps.db.select()
      .from(scheduledDeliveries)
      .where(inArray(scheduledDeliveries.videoId, [movedOut, rescheduled]));
    expect(rows).toHaveLength(3);
    expect(rows.find((row) => row.id === a!.id)!.rolledOverAt).not.toBeNull();
    expect(rows.find((row) => row.id === b!.id)!.rolledOverAt).not.toBeNull();
  });

  it('what a killed worker leaves (an occurrence and a second-address copy claimed mid-send): taken over, each sent once, next year created once', async () => {
    // The state a SIGKILL during the send leaves, on the suite's database (PGlite or PostgreSQL; the
    // real processes: delivery.processes.test.ts): rows `sending`, claimed by a worker whose liveness
    // lock is gone. Two live handlers then race for each, and three roll-overs race for the next year.
    const DEAD = 424_242;
    const x = await insertVideo(ctx().deps.db, member.id, { title: 'Killed X' });
    const y = await insertVideo(ctx().deps.db, member.id, { title: 'Killed Y' });
    const dueAt = new Date(Date.now() - 1000);
    const series = {
      ownerId: member.id,
      dueAt,
      nextAttemptAt: dueAt,
      repeat: 'yearly' as const,
      timezone: 'UTC',
      localAt: dueAt.toISOString().slice(0, 19),
    };
    const claimed = { status: 'sending' as const, claimedBy: DEAD, claimedAt: dueAt, attempts: 1 };
    const [x1, y1] = await ctx()
      .deps.db.insert(scheduledDeliveries)
      .values([
        {
          ...series,
          ...claimed,
          videoId: x,
          recipientEmail: 'killed-x@recipient.test',
          tokenHash: 'killed-x',
          messageId: '<killed-x>',
        },
        {
          ...series,
          videoId: y,
          status: 'bounced',
          attempts: 1,
          recipientEmail: 'killed-y@recipient.test',
          fallbackEmail: 'killed-y-second@recipient.test',
          tokenHash: 'killed-y',
          messageId: '<killed-y>',
        },
      ])
      .returning();
    const [copy] = await ctx()
      .deps.db.insert(scheduledDeliveries)
      .values({
        ...claimed,
        videoId: y,
        ownerId: member.id,
        dueAt,
        nextAttemptAt: dueAt,
        recipientEmail: 'killed-y-second@recipient.test',
        fallbackEmail: 'killed-y-second@recipient.test',
        fallbackOf: y1!.id,
        tokenHash: 'killed-y-copy',
        messageId: '<killed-y-copy>',
      })
      .returning();

    // Nothing rolls over while an occurrence (or its second-address copy) is still on its way.
    expect(await rollOver(workerDeps(), 10)).toBe(0);
    const outcomes = await Promise.all([
      processDelivery(worker(61), x1!.id),
      processDelivery(worker(62), x1!.id),
      processDelivery(worker(61), copy!.id),
      processDelivery(worker(62), copy!.id),
    ]);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(2);
    await app.smtp.waitFor(
      () =>
        app.mailsTo('killed-x@recipient.test').length +
          app.mailsTo('killed-y-second@recipient.test').length ===
        2,
    );
    await Promise.all([rollOver(workerDeps(), 10), rollOver(workerDeps(), 10), rollOver(workerDeps(), 10)]);
    await deliveriesSettled(ctx().deps);

    expect(app.mailsTo('killed-x@recipient.test').map((m) => m.messageId)).toEqual(['<killed-x>']);
    expect(app.mailsTo('killed-y-second@recipient.test').map((m) => m.messageId)).toEqual([
      '<killed-y-copy>',
    ]);
    expect(app.mailsTo('killed-y@recipient.test')).toEqual([]);
    const nextYear = `${dueAt.getUTCFullYear() + 1}-${series.localAt.slice(5)}.000Z`;
    const ofX = await deliveriesOf(ctx().deps.db, x);
    expect(ofX.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['pending', 0],
    ]);
    expect(ofX[0]!.rolledOverAt).not.toBeNull();
    expect(ofX[1]!.dueAt.toISOString()).toBe(nextYear);
    const ofY = await deliveriesOf(ctx().deps.db, y);
    expect(ofY.map((r) => r.status)).toEqual(['bounced', 'sent', 'pending']);
    expect(ofY[0]!.rolledOverAt).not.toBeNull();
    expect(ofY[2]).toMatchObject({
      recipientEmail: 'killed-y@recipient.test',
      fallbackEmail: 'killed-y-second@recipient.test',
      fallbackOf: null,
    });
    expect(ofY[2]!.dueAt.toISOString()).toBe(nextYear);
  }, 30_000);

  it('a yearly delivery counts as one pending delivery, before and after an occurrence', async () => {
    const user = await signUpUser(ctx());
    const first = await insertVideo(ctx().deps.db, user.id, { folder: 'draft' });
    const second = await insertVideo(ctx().deps.db, user.id, { folder: 'draft' });
    const fields = { share_at_date: '2027-07-04', share_at_time: '12:00', repeat: 'yearly' };
    expect((await schedule(user, first, { ...fields, email: 'one@recipient.test' })).statusCode).toBe(200);
    const refused = await schedule(user, second, fields);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MEMBERSHIP_NEEDED_MESSAGE);
    await reach((await liveRow(first))!);
    await waitUntil(
      async () => (await liveRow(first))?.dueAt.getUTCFullYear() === 2028,
      10_000,
      'the 2028 one',
    );
    expect((await schedule(user, second, fields)).statusCode).toBe(422);
    expect(await deliveriesOf(ctx().deps.db, second)).toEqual([]);
  }, 30_000);

  it('refuses a repeat other than none or yearly, and a repeat_until in the past (422), changing nothing', async () => {
    const videoId = await insertVideo(ctx().deps.db, member.id, { folder: 'draft' });
    const when = { share_at_date: '2027-10-10', share_at_time: '10:00' };
    const monthly = await schedule(member, videoId, { ...when, repeat: 'monthly' });
    expect(monthly.statusCode).toBe(422);
    expect(monthly.json().errors.repeat).toEqual([REPEAT_MESSAGES.invalid]);
    const past = await schedule(member, videoId, { ...when, repeat: 'yearly', repeat_until: 2026 });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.repeat_until).toEqual([REPEAT_MESSAGES.untilPast]);
    const notAYear = await schedule(member, videoId, { ...when, repeat: 'yearly', repeat_until: 'soon' });
    expect(notAYear.statusCode).toBe(422);
    expect(notAYear.json().errors.repeat_until).toEqual([REPEAT_MESSAGES.untilInvalid]);
    const [video] = await ctx().deps.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video!.folder).toBe('draft');
    expect(await deliveriesOf(ctx().deps.db, videoId)).toEqual([]);
  });

  it("another account's video: 404 and nothing changes; no credential: 401", async () => {
    const videoId = await insertVideo(ctx().deps.db, member.id, { folder: 'draft' });
    const fields = { share_at_date: '2027-10-10', share_at_time: '10:00', repeat: 'yearly' };
    expect((await schedule(other, videoId, fields)).statusCode).toBe(404);
    const anonymous = await ctx().app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.updateType, { id: videoId }),
      payload: { type: 'scheduled', ...fields },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await ctx()
      .deps.db.select()
      .from(scheduledDeliveries)
      .where(and(eq(scheduledDeliveries.videoId, videoId)));
    expect(rows).toEqual([]);
    const [video] = await ctx().deps.db.select().from(videos).where(eq(videos.id, videoId));
    expect(video!.folder).toBe('draft');
  });
});
