import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  deliveryRoutes,
  notificationKinds,
  notificationRoutes,
  RECEIPT_MESSAGES,
  routeUrl,
  videoRoutes,
} from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import {
  deliveriesOf,
  insertMembership,
  insertVideo,
  scheduleThroughApi,
} from '../../../../test/delivery-fixtures';
import { bearer, signUpUser, type SignedIn } from '../../accounts/accounts.fixtures';
import { notifications } from '../../notifications/notifications.schema';
import { scheduledDeliveries, type DeliveryRow } from '../delivery.schema';
import { watchToken } from '../delivery.tokens';
import { OPEN_WINDOW_SECONDS, openedAtText } from './delivery.receipts';
import { rollOver } from '../repeat/delivery.repeat';

describe('the opened-at text of a read receipt', () => {
  it("is the owner's date and time in their zone, and says UTC for a delivery without a zone", () => {
    const at = new Date('2027-03-12T09:14:30Z');
    expect(openedAtText(at, 'Europe/London')).toBe('12 March 2027 at 09:14');
    expect(openedAtText(at, 'America/New_York')).toBe('12 March 2027 at 04:14');
    expect(openedAtText(new Date('2027-03-12T23:30:00Z'), 'Asia/Tokyo')).toBe('13 March 2027 at 08:30');
    expect(openedAtText(at, null)).toBe('12 March 2027 at 09:14 UTC');
  });
});

describe('read receipts of scheduled deliveries (docs/product.md §5.8)', () => {
  let ctx: TestContext;
  let owner: SignedIn;
  let other: SignedIn;
  const schedule = (who: SignedIn, id: number, fields: Record<string, unknown> = {}) =>
    scheduleThroughApi(ctx, who, id, fields);
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });
  const tokenOf = (row: DeliveryRow) => watchToken(ctx.deps.secret, row.messageId);
  const getVideo = async (who: SignedIn, id: number) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(videoRoutes.detail, { id }), headers: bearer(who.token) });
  const rowOf = async (id: number) =>
    (await ctx.deps.db.select().from(scheduledDeliveries).where(eq(scheduledDeliveries.id, id)))[0]!;
  const opened = (userId: number, deliveryId?: number) =>
    ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, notificationKinds.deliveryOpened)))
      .then((rows) =>
        deliveryId === undefined ? rows : rows.filter((row) => row.data.delivery_id === deliveryId),
      );

  /** A video scheduled through the API, whose delivery is then recorded as sent (the worker's part). */
  async function sentDelivery(fields: Record<string, unknown> = {}, title = 'Garden stories') {
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title });
    const answer = await schedule(owner, videoId, fields);
    expect(answer.statusCode).toBe(200);
    const [row] = await deliveriesOf(ctx.deps.db, videoId);
    await ctx.deps.db
      .update(scheduledDeliveries)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(scheduledDeliveries.id, row!.id));
    return { videoId, row: (await rowOf(row!.id))! };
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signUpUser(ctx);
    other = await signUpUser(ctx);
    await insertMembership(ctx.deps.db, owner.id);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('receipts are on by default, stored on the delivery and shown in its answer', async () => {
    const { videoId, row } = await sentDelivery();
    expect(row.receipts).toBe(true);
    expect(row.openCount).toBe(0);
    const video = (await getVideo(owner, videoId)).json().data;
    expect(video.delivery.receipts).toBe(true);
  });

  it('the first open tells the owner once, in the app only; a later open is counted, not told', async () => {
    const { videoId, row } = await sentDelivery({ timezone: 'America/New_York' });
    const first = await watch(tokenOf(row));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.receipt).toBe(true);

    const afterFirst = await rowOf(row.id);
    expect(afterFirst.openCount).toBe(1);
    expect(afterFirst.openedAt).not.toBeNull();
    const told = await opened(owner.id, row.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe(RECEIPT_MESSAGES.noticeTitle);
    expect(told[0]!.body).toBe(
      `${row.recipientEmail} opened your message "Garden stories" on ${openedAtText(afterFirst.openedAt!, 'America/New_York')}.`,
    );
    expect(told[0]!.data).toMatchObject({
      video_id: videoId,
      delivery_id: row.id,
      link: `/user/profile/scheduled?video=${videoId}`,
    });
    // In the app only (docs/product.md §5.8): no e-mail copy was queued.
    const jobs = await ctx.deps.database.executeSql(
      `select id from pgboss.job where name = 'notification.email' and singleton_key = $1`,
      [`${told[0]!.id}:email`],
    );
    expect(jobs.rows).toEqual([]);

    // An hour later (the app's clock): the same browser's open counts again.
    ctx.clock.set(new Date(Date.now() + (OPEN_WINDOW_SECONDS + 1) * 1000));
    const second = await watch(tokenOf(row)).finally(() => ctx.clock.set(new Date()));
    expect(second.statusCode).toBe(200);
    const afterSecond = await rowOf(row.id);
    expect(afterSecond.openCount).toBe(2);
    expect(afterSecond.openedAt).toEqual(afterFirst.openedAt);
    expect(await opened(owner.id, row.id)).toHaveLength(1);

    // The owner's history entry keeps the first open and gains the count.
    const video = (await getVideo(owner, videoId)).json().data;
    expect(video.delivery.history[0]).toMatchObject({
      status: 'sent',
      opened_at: afterFirst.openedAt!.toISOString(),
      open_count: 2,
    });

    // The bell shows it to the owner.
    const bell = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(notificationRoutes.bell),
      headers: bearer(owner.token),
    });
    expect(bell.json().data.notifications.map((item: { type: string }) => item.type)).toContain(
      notificationKinds.deliveryOpened,
    );
  });

  it('sixty opens at the same moment: one notice, one open counted; a HEAD counts nothing; an hour later counts again', async () => {
    const { row } = await sentDelivery();
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: routeUrl(deliveryRoutes.watch, { token: tokenOf(row) }),
    });
    expect(head.statusCode).toBe(200);
    expect(await rowOf(row.id)).toMatchObject({ openCount: 0, openedAt: null });
    expect(await opened(owner.id, row.id)).toHaveLength(0);

    const answers = await Promise.all(Array.from({ length: 60 }, () => watch(tokenOf(row))));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await rowOf(row.id)).openCount).toBe(1);
    expect(await opened(owner.id, row.id)).toHaveLength(1);

    // Another browser (another address) is another open; the first one's reload within the hour is not.
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(deliveryRoutes.watch, { token: tokenOf(row) }),
      remoteAddress: '198.51.100.7',
    });
    expect(elsewhere.statusCode).toBe(200);
    await watch(tokenOf(row));
    expect((await rowOf(row.id)).openCount).toBe(2);

    ctx.clock.set(new Date(Date.now() + (OPEN_WINDOW_SECONDS + 1) * 1000));
    try {
      await Promise.all(Array.from({ length: 10 }, () => watch(tokenOf(row))));
    } finally {
      ctx.clock.set(new Date());
    }
    expect((await rowOf(row.id)).openCount).toBe(3);
    expect(await opened(owner.id, row.id)).toHaveLength(1);
  });

  it("receipts off: no notice, no line on the watch page, and the owner's answers carry no open time or count", async () => {
    const { videoId, row } = await sentDelivery({ receipts: false });
    expect(row.receipts).toBe(false);
    const page = await watch(tokenOf(row));
    expect(page.statusCode).toBe(200);
    expect(page.json().data.receipt).toBe(false);
    // Recorded for the platform's own rules (an opened link is never bounced), never shown.
    const after = await rowOf(row.id);
    expect(after.openCount).toBe(1);
    expect(after.openedAt).not.toBeNull();
    expect(await opened(owner.id, row.id)).toHaveLength(0);
    const detail = (await getVideo(owner, videoId)).json().data;
    expect(detail.delivery).toMatchObject({
      receipts: false,
      history: [{ status: 'sent', receipts: false, opened_at: null, open_count: null }],
    });
    // The folder list (the cards) says the same.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(videoRoutes.listScheduled),
      headers: bearer(owner.token),
    });
    const card = listed.json().data.find((video: { id: number }) => video.id === videoId);
    expect(card.delivery.history).toEqual([expect.objectContaining({ opened_at: null, open_count: null })]);
    expect(JSON.stringify(card)).not.toContain(after.openedAt!.toISOString());
  });

  it('a multipart-style text value is read, anything else refused (422) and nothing is scheduled', async () => {
    const { row } = await sentDelivery({ receipts: 'false' });
    expect(row.receipts).toBe(false);
    for (const bad of ['maybe', 2, ['true'], { on: true }]) {
      const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
      const answer = await schedule(owner, videoId, { receipts: bad });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.receipts).toEqual([RECEIPT_MESSAGES.invalid]);
      expect(await deliveriesOf(ctx.deps.db, videoId)).toHaveLength(0);
    }
  });

  it('the upload call (store) checks the same field', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: bearer(owner.token),
      payload: {
        type: 'scheduled',
        upload_ids: ['none'],
        email: 'kin@recipient.test',
        share_at_date: '2030-03-12',
        share_at_time: '09:00',
        timezone: 'Europe/London',
        receipts: 'maybe',
      },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors.receipts).toEqual([RECEIPT_MESSAGES.invalid]);
  });

  it("another account sees neither the notice nor the delivery's opens", async () => {
    const { videoId, row } = await sentDelivery();
    await watch(tokenOf(row));
    expect(await opened(owner.id, row.id)).toHaveLength(1);
    expect(await opened(other.id)).toHaveLength(0);
    const bell = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(notificationRoutes.bell),
      headers: bearer(other.token),
    });
    expect(bell.json().data.notifications).toEqual([]);
    expect((await getVideo(other, videoId)).statusCode).toBe(404);
  });

  it("the next yearly occurrence keeps the owner's choice, with a count of its own", async () => {
    for (const receipts of [true, false]) {
      const { videoId, row } = await sentDelivery({ repeat: 'yearly', receipts });
      await watch(tokenOf(row));
      await rollOver(
        {
          db: ctx.deps.db,
          queue: ctx.deps.queue,
          logger: ctx.deps.logger,
          secret: ctx.deps.secret,
          publicUrl: ctx.config.PUBLIC_URL,
        },
        100,
      );
      const rows = await deliveriesOf(ctx.deps.db, videoId);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toMatchObject({ status: 'pending', receipts, openCount: 0, openedAt: null });
    }
  });
});
