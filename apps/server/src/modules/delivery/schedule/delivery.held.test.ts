import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAccountRoutes,
  deliveryRoutes,
  HELD_DELIVERY_CANCELLED,
  HELD_DELIVERY_SENT,
  NO_HELD_DELIVERY,
  notificationKinds,
  videoRoutes,
  routeUrl,
} from '@pw/contracts';
import type { TestContext } from '../../../../test/helpers';
import { quickDeliveryRetries, startMailingApp, type MailingApp } from '../../../../test/mailing-app';
import {
  bringDueNow,
  deliveriesOf,
  deliveriesSettled,
  insertMembership,
  insertVideo,
  waitForDeliveries,
} from '../../../../test/delivery-fixtures';
import {
  ADMIN_ENV,
  logInAgain,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../../accounts/accounts.fixtures';
import { call } from '../../funeral-homes/funeral-homes.fixtures';
import { notifications } from '../../notifications/notifications.schema';
import { scheduledDeliveries, type DeliveryRow } from '../delivery.schema';
import { AWAITING_OWNER_REASON } from './held-notices';

const HOUR = 60 * 60 * 1000;
let seq = 0;
const recipient = (label: string) => `${label}-${++seq}@recipient.test`;

/**
 * docs/product.md §5.6: a deactivated owner's deliveries are held and resume on activation; one whose moment
 * passed over a day ago asks its owner first. Real SMTP server, real workers; the
 * delivery worker reads the database's clock, so "time passing while held" moves the row's moment back.
 */
describe('deliveries of a deactivated account: held, resumed, or the owner asked', () => {
  let app: MailingApp;
  let ctx: TestContext;
  let admin: SignedIn;

  const mailsTo = (email: string) => app.mailsTo(email);
  const rowOf = async (videoId: number): Promise<DeliveryRow> =>
    (await deliveriesOf(ctx.deps.db, videoId)).at(-1)!;
  const waitForRow = async (videoId: number, done: (row: DeliveryRow) => boolean) =>
    (await waitForDeliveries(ctx.deps.db, videoId, done)).at(-1)!;
  const setStatus = async (owner: SignedIn, status: 0 | 1) => {
    const response = await call(ctx, adminAccountRoutes.userStatus, admin.token, {
      params: { id: owner.id },
      body: { status },
    });
    expect(response.statusCode).toBe(200);
  };
  const decide = (token: string | undefined, videoId: number | string, body: object) =>
    typeof videoId === 'string'
      ? ctx.app.inject({
          method: 'POST',
          url: routeUrl(deliveryRoutes.decideHeld, { id: videoId }),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: body,
        })
      : call(ctx, deliveryRoutes.decideHeld, token, { params: { id: videoId }, body });
  const signIn = async (who: SignedIn) => ({
    ...who,
    token: (await logInAgain(ctx, who)).json().data.token as string,
  });
  /** A member (any number of deliveries) with a processed video in the scheduled folder. */
  const ownerWithVideo = async (title: string) => {
    const owner = await signUpUser(ctx, { first_name: 'Hal', last_name: 'Held' });
    await insertMembership(ctx.deps.db, owner.id);
    const videoId = await insertVideo(ctx.deps.db, owner.id, { title });
    return { owner, videoId };
  };
  const schedule = (ownerId: number, videoId: number, to: string, dueAt: Date) =>
    ctx.deps.delivery.schedule({ timezone: 'UTC', videoId, ownerId, recipientEmail: to, dueAt });
  /** Scheduled, the owner deactivated, the moment passed and the worker found it held. */
  async function heldDelivery(title: string) {
    const { owner, videoId } = await ownerWithVideo(title);
    const to = recipient('held');
    // Due in an hour, so the deactivation surely comes first; then its moment is brought to now.
    await schedule(owner.id, videoId, to, new Date(Date.now() + HOUR));
    await setStatus(owner, 0);
    await bringDueNow(ctx.deps, [(await rowOf(videoId)).id]);
    const held = await waitForRow(videoId, (row) => /deactivated/.test(row.lastError ?? ''));
    expect(held.status).toBe('pending');
    expect(held.attempts).toBe(0);
    return { owner, videoId, to };
  }
  /** As if the account had stayed deactivated `ms` past the delivery's moment. */
  const movedBack = async (videoId: number, ms: number) =>
    ctx.deps.db
      .update(scheduledDeliveries)
      .set({
        dueAt: sql`${scheduledDeliveries.dueAt} - ${`${ms} milliseconds`}::interval`,
        nextAttemptAt: sql`${scheduledDeliveries.nextAttemptAt} - ${`${ms} milliseconds`}::interval`,
      })
      .where(eq(scheduledDeliveries.videoId, videoId));
  const noticesOf = (ownerId: number, kind: string) =>
    ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ownerId), eq(notifications.kind, kind)));

  beforeAll(async () => {
    app = await startMailingApp(ADMIN_ENV, quickDeliveryRetries);
    ctx = app.ctx;
    admin = await signInAdmin(ctx);
  });
  afterAll(() => app?.close());

  it('a delivery due during the deactivation is not sent, and is sent at once after the activation', async () => {
    const { owner, videoId, to } = await heldDelivery('Graduation day');
    await deliveriesSettled(ctx.deps); // a sweep finds it again: still held
    expect(mailsTo(to)).toHaveLength(0);

    await setStatus(owner, 1);
    await app.smtp.waitFor(() => mailsTo(to).length === 1);
    expect((await waitForRow(videoId, (row) => row.status === 'sent')).status).toBe('sent');
    expect(mailsTo(to)[0]!.text).toContain('Graduation day');
    await app.smtp.waitFor(() =>
      mailsTo(owner.email).some((mail) => mail.subject === 'Your account is active again'),
    );
  });

  it('late by less than a day: sent at once, no question asked', async () => {
    const { owner, videoId, to } = await heldDelivery('Almost a day');
    await movedBack(videoId, 23 * HOUR);
    await setStatus(owner, 1);
    await app.smtp.waitFor(() => mailsTo(to).length === 1);
    expect((await waitForRow(videoId, (row) => row.status === 'sent')).status).toBe('sent');
    expect(await noticesOf(owner.id, notificationKinds.deliveryAwaitingOwner)).toHaveLength(0);
  });

  it('late by more than a day: nothing is sent, the owner is asked (notice, e-mail, scheduled list), then sends it', async () => {
    const { owner, videoId, to } = await heldDelivery('Ten years on');
    await movedBack(videoId, 25 * HOUR);
    await setStatus(owner, 1);

    const awaiting = await rowOf(videoId);
    expect(awaiting.status).toBe('awaiting_owner');
    expect(awaiting.lastError).toBe(AWAITING_OWNER_REASON);
    const [notice] = await noticesOf(owner.id, notificationKinds.deliveryAwaitingOwner);
    expect(notice!.body).toContain('"Ten years on" was due to reach');
    expect(notice!.data).toMatchObject({
      video_id: videoId,
      link: `/user/profile/scheduled?video=${videoId}`,
    });
    await app.smtp.waitFor(() =>
      mailsTo(owner.email).some((mail) => mail.subject === 'A delivery is waiting for your answer'),
    );
    await deliveriesSettled(ctx.deps); // a sweep leaves it alone
    expect(mailsTo(to)).toHaveLength(0);

    const signedIn = await signIn(owner);
    const listed = await call(ctx, videoRoutes.listScheduled, signedIn.token);
    const shown = listed.json().data.find((video: { id: number }) => video.id === videoId);
    expect(shown.delivery).toMatchObject({
      status: 'awaiting_owner',
      recipient_email: to,
      last_error: AWAITING_OWNER_REASON,
    });

    const [sent, again] = await Promise.all([
      decide(signedIn.token, videoId, { decision: 'send' }),
      decide(signedIn.token, videoId, { decision: 'send' }),
    ]);
    const answers = [sent, again].map((answer) => answer.statusCode).sort();
    expect(answers).toEqual([200, 404]);
    const ok = sent.statusCode === 200 ? sent : again;
    expect(ok.json()).toEqual({
      message: HELD_DELIVERY_SENT,
      data: { video_id: videoId, status: 'pending' },
    });
    await app.smtp.waitFor(() => mailsTo(to).length === 1);
    expect((await waitForRow(videoId, (row) => row.status === 'sent')).status).toBe('sent');
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('the owner may cancel it instead: nothing is ever sent', async () => {
    const { owner, videoId, to } = await heldDelivery('Never mind');
    await movedBack(videoId, 3 * 24 * HOUR);
    await setStatus(owner, 1);
    const signedIn = await signIn(owner);
    const cancelled = await decide(signedIn.token, videoId, { decision: 'cancel' });
    expect(cancelled.json()).toEqual({
      message: HELD_DELIVERY_CANCELLED,
      data: { video_id: videoId, status: 'cancelled' },
    });
    expect((await rowOf(videoId)).status).toBe('cancelled');
    const late = await decide(signedIn.token, videoId, { decision: 'send' });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe(NO_HELD_DELIVERY);
    await deliveriesSettled(ctx.deps);
    expect(mailsTo(to)).toHaveLength(0);
  });

  it("cancelling a held yearly occurrence skips that year only: the next year's is scheduled, once", async () => {
    const { owner, videoId } = await ownerWithVideo('Every birthday');
    const to = recipient('yearly');
    const dueAt = new Date(Date.now() + HOUR);
    // The owner's wall clock in their zone (UTC here), as the schedule call records it.
    const localAt = dueAt.toISOString().slice(0, 19);
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      localAt,
      repeat: 'yearly',
      videoId,
      ownerId: owner.id,
      recipientEmail: to,
      dueAt,
    });
    await setStatus(owner, 0);
    await bringDueNow(ctx.deps, [(await rowOf(videoId)).id]);
    await waitForRow(videoId, (row) => /deactivated/.test(row.lastError ?? ''));
    await movedBack(videoId, 3 * 24 * HOUR);
    await setStatus(owner, 1);
    const held = await rowOf(videoId);
    expect(held).toMatchObject({ status: 'awaiting_owner', repeat: 'yearly' });

    // A double click: one answer counts.
    const signedIn = await signIn(owner);
    const answers = await Promise.all([
      decide(signedIn.token, videoId, { decision: 'cancel' }),
      decide(signedIn.token, videoId, { decision: 'cancel' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(answers.find((answer) => answer.statusCode === 200)!.json()).toEqual({
      message: HELD_DELIVERY_CANCELLED,
      data: { video_id: videoId, status: 'cancelled' },
    });

    const rows = await deliveriesOf(ctx.deps.db, videoId);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'pending']);
    const [skipped, next] = rows as [DeliveryRow, DeliveryRow];
    expect(skipped.rolledOverAt).not.toBeNull();
    const nextYear = new Date(held.dueAt);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(next).toMatchObject({
      repeat: 'yearly',
      recipientEmail: to,
      localAt,
      timezone: 'UTC',
      attempts: 0,
      fallbackOf: null,
    });
    expect(next.dueAt.toISOString()).toBe(`${nextYear.getUTCFullYear()}-${localAt.slice(5)}.000Z`);
    expect(next.messageId).not.toBe(skipped.messageId);
    // Its job is queued; a sweep and the roll-over find nothing more to create.
    await deliveriesSettled(ctx.deps);
    expect(await deliveriesOf(ctx.deps.db, videoId)).toHaveLength(2);
    const jobs = await ctx.deps.database.executeSql(
      `select state from pgboss.job where name = 'delivery.send' and singleton_key = $1`,
      [`${next.id}:send`],
    );
    expect(jobs.rows).toEqual([{ state: 'created' }]);
    expect(mailsTo(to)).toHaveLength(0);

    // The video's delivery: that year cancelled in its history, the next one still to come.
    const listed = await call(ctx, videoRoutes.listScheduled, signedIn.token);
    const shown = listed.json().data.find((video: { id: number }) => video.id === videoId);
    expect(shown.delivery).toMatchObject({
      status: 'pending',
      repeat: 'yearly',
      next_at: next.dueAt.toISOString(),
    });
    expect(shown.delivery.history).toMatchObject([{ status: 'cancelled', recipient: to }]);
  });

  it('rescheduling a video whose delivery awaits the owner replaces it (one live delivery per video)', async () => {
    const { owner, videoId, to } = await heldDelivery('Second thoughts');
    await movedBack(videoId, 2 * 24 * HOUR);
    await setStatus(owner, 1);
    expect((await rowOf(videoId)).status).toBe('awaiting_owner');
    const next = recipient('rescheduled');
    await schedule(owner.id, videoId, next, new Date(Date.now() + 500));
    await app.smtp.waitFor(() => mailsTo(next).length === 1);
    const rows = await waitForDeliveries(ctx.deps.db, videoId, (row) => row.status === 'sent');
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'sent']);
    expect(mailsTo(to)).toHaveLength(0);
  });

  it('the decision call: 401, 403, 404 (no such delivery, or another owner’s), 422, changing nothing', async () => {
    const { owner, videoId, to } = await heldDelivery('Guarded');
    await movedBack(videoId, 2 * 24 * HOUR);
    await setStatus(owner, 1);
    const signedIn = await signIn(owner);
    const stranger = await signUpUser(ctx);
    const home = await signUpFuneralHome(ctx);

    expect((await decide(undefined, videoId, { decision: 'send' })).statusCode).toBe(401);
    expect((await decide(home.token, videoId, { decision: 'send' })).statusCode).toBe(403);
    expect((await decide(admin.token, videoId, { decision: 'send' })).statusCode).toBe(403);
    expect((await decide(stranger.token, videoId, { decision: 'send' })).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '99999999999999', '999999'])
      expect((await decide(signedIn.token, id, { decision: 'send' })).statusCode, id).toBe(404);
    for (const body of [{}, { decision: 'later' }, { decision: 1 }, { decision: 'x'.repeat(50_000) }]) {
      const bad = await decide(signedIn.token, videoId, body);
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['decision']);
    }
    // A video with no delivery waiting: 404.
    const other = await insertVideo(ctx.deps.db, owner.id);
    expect((await decide(signedIn.token, other, { decision: 'cancel' })).statusCode).toBe(404);

    expect((await rowOf(videoId)).status).toBe('awaiting_owner');
    expect(mailsTo(to)).toHaveLength(0);
  });
});
