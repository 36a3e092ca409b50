import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ADDRESS_CHECK_MESSAGES,
  ADDRESS_TOKEN_MAX,
  deliveryAddressRoutes,
  notificationKinds,
  routeUrl,
  videoRoutes,
} from '@pw/contracts';
import { startMailingApp, type MailingApp } from '../../../../test/mailing-app';
import { insertMembership, insertVideo, setUserStatus } from '../../../../test/delivery-fixtures';
import { runDutyOnce, waitForQueueIdle } from '../../../../test/jobs';
import { redactUrl } from '../../../platform/logging/redact';
import {
  ADMIN_ENV,
  bearer,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../../accounts/accounts.fixtures';
import { notifications } from '../../notifications/notifications.schema';
import { ADDRESS_CHECK_SUBJECT, ADDRESS_REMINDER_SUBJECT } from '../delivery.mails';
import { addressCheckItems, addressChecks } from '../delivery.address-check.schema';
import { addressCheckQueue, addressMailQueue } from './delivery.address-check.queue';
import { scheduledDeliveries } from '../delivery.schema';

const DAY = 24 * 60 * 60 * 1000;
/** A 'Still right' link as the e-mail writes it: the page, then a 256-bit base64url token. */
const LINK = /http:\/\/pw\.test\/delivery\/address\/([A-Za-z0-9_-]{43})/g;

describe('the yearly address check of deliveries due more than a year ahead (docs/product.md §5.9)', () => {
  let app: MailingApp;
  const ctx = () => app.ctx;
  const run = () => ctx().deps.delivery.addressCheck.run();
  /** Every check and reminder the runs so far set off has arrived (or was dropped). */
  const mailsSettled = () => waitForQueueIdle(ctx().deps.database.executeSql, addressMailQueue);
  const checkMails = (who: SignedIn) =>
    app.mailsTo(who.email).filter((mail) => mail.subject === ADDRESS_CHECK_SUBJECT);
  const reminderMails = (who: SignedIn) =>
    app.mailsTo(who.email).filter((mail) => mail.subject === ADDRESS_REMINDER_SUBJECT);
  const noticesOf = (who: SignedIn) =>
    ctx()
      .deps.db.select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, who.id), eq(notifications.kind, notificationKinds.deliveryAddressCheck)),
      );
  const tokensIn = (text: string) => [...text.matchAll(LINK)].map((match) => match[1]!);
  const confirm = (token: unknown) =>
    ctx().app.inject({
      method: 'POST',
      url: routeUrl(deliveryAddressRoutes.confirm),
      payload: { token },
    });
  const itemsOf = (who: SignedIn) =>
    ctx().deps.db.select().from(addressCheckItems).where(eq(addressCheckItems.ownerId, who.id));

  /** A member (any number of deliveries) with the given videos scheduled: `years` ahead of today each. */
  async function ownerWith(
    schedules: Array<{ years: number; email?: string; title?: string; repeat?: 'yearly' }>,
  ) {
    const who = await signUpUser(ctx());
    await insertMembership(ctx().deps.db, who.id);
    const videoIds: number[] = [];
    for (const [i, s] of schedules.entries()) {
      const videoId = await insertVideo(ctx().deps.db, who.id, {
        folder: 'draft',
        title: s.title ?? `Video ${i}`,
      });
      await schedule(who, videoId, s.years, s.email ?? `kin${i}@recipient.test`, s.repeat);
      videoIds.push(videoId);
    }
    return { who, videoIds };
  }
  /** The video's folder call (`update-type`), as the app sends it; answers 200. */
  async function updateType(who: SignedIn, videoId: number, payload: Record<string, unknown>) {
    const answer = await ctx().app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.updateType, { id: videoId }),
      headers: bearer(who.token),
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  async function schedule(who: SignedIn, videoId: number, years: number, email: string, repeat?: 'yearly') {
    const due = new Date(Date.now() + years * 365 * DAY);
    await updateType(who, videoId, {
      type: 'scheduled',
      email,
      timezone: 'Europe/Paris',
      share_at_date: due.toISOString().slice(0, 10),
      share_at_time: '09:00',
      ...(repeat ? { repeat } : {}),
    });
  }
  /** The app's clock `days` after now (the database's own clock is not used by the check). */
  const at = (start: Date, days: number) => ctx().clock.set(new Date(start.getTime() + days * DAY));

  beforeAll(async () => {
    app = await startMailingApp(ADMIN_ENV);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(() => {
    ctx().clock.set(new Date());
  });

  it('one e-mail and one notice a year listing each far delivery; one reminder 60 days later; again next year', async () => {
    const { who } = await ownerWith([
      { years: 3, email: 'far@recipient.test', title: 'For your wedding' },
      { years: 2.5, email: 'yearly@recipient.test', title: 'Every birthday', repeat: 'yearly' },
      { years: 0.5, email: 'near@recipient.test', title: 'Soon' },
    ]);
    const start = ctx().clock.now();

    await run();
    await mailsSettled();
    const [mail, ...more] = checkMails(who);
    expect(more).toEqual([]);
    // Each far delivery with its two answers; the near one is not asked about.
    expect(mail!.text).toContain('"For your wedding" to far@recipient.test');
    expect(mail!.text).toContain('"Every birthday" to yearly@recipient.test');
    expect(mail!.text).not.toContain('near@recipient.test');
    expect(tokensIn(mail!.text)).toHaveLength(2);
    expect(mail!.text).toMatch(/Change: http:\/\/pw\.test\/user\/profile\/scheduled\?video=\d+/);
    const [notice, ...moreNotices] = await noticesOf(who);
    expect(moreNotices).toEqual([]);
    expect(notice!.body).toContain('"For your wedding" to far@recipient.test');
    expect(notice!.data).toMatchObject({ link: '/user/profile?tab=scheduled', reminder: false, count: 2 });

    // Another run the same year (a day later, then 59 days later) sends nothing.
    at(start, 1);
    await run();
    at(start, 59);
    await run();
    await mailsSettled();
    expect(checkMails(who)).toHaveLength(1);
    expect(reminderMails(who)).toEqual([]);

    // 60 days later: one reminder, with the same links; a later run sends no second one.
    at(start, 61);
    await run();
    at(start, 90);
    await run();
    await mailsSettled();
    const [reminder, ...moreReminders] = reminderMails(who);
    expect(moreReminders).toEqual([]);
    expect(tokensIn(reminder!.text).sort()).toEqual(tokensIn(mail!.text).sort());
    expect(await noticesOf(who)).toHaveLength(2);

    // A year after the check: a new one, with new links.
    at(start, 366);
    await run();
    await mailsSettled();
    const checks = checkMails(who);
    expect(checks).toHaveLength(2);
    expect(tokensIn(checks[1]!.text)).toHaveLength(2);
    expect(tokensIn(checks[1]!.text)).not.toContain(tokensIn(mail!.text)[0]);
    // Nothing was paused or dropped for want of an answer.
    const rows = await ctx()
      .deps.db.select()
      .from(scheduledDeliveries)
      .where(eq(scheduledDeliveries.ownerId, who.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'pending', 'pending']);
  });

  it("'Still right' needs no sign-in, is recorded once (a second click answers the same), and stops the reminder", async () => {
    const { who } = await ownerWith([
      { years: 2, email: 'one@recipient.test', title: 'One' },
      { years: 2, email: 'two@recipient.test', title: 'Two' },
    ]);
    const start = ctx().clock.now();
    await run();
    await mailsSettled();
    const tokens = tokensIn(checkMails(who)[0]!.text);
    expect(tokens).toHaveLength(2);

    at(start, 3);
    // A double click: two calls at once, then a third later; all the same answer, one confirmation.
    const answers = await Promise.all([confirm(tokens[0]), confirm(tokens[0])]);
    at(start, 4);
    answers.push(await confirm(tokens[0]));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
    const bodies = answers.map((answer) => answer.json());
    expect(new Set(bodies.map((body) => body.data.confirmed_at)).size).toBe(1);
    expect(bodies[0]).toMatchObject({
      message: ADDRESS_CHECK_MESSAGES.confirmed,
      data: { confirmed_at: new Date(start.getTime() + 3 * DAY).toISOString() },
    });
    const oneIs = bodies[0].data.recipient_email as string;
    expect(['one@recipient.test', 'two@recipient.test']).toContain(oneIs);

    // One still unconfirmed: the reminder asks about that one only.
    at(start, 61);
    await run();
    await mailsSettled();
    const [reminder] = reminderMails(who);
    expect(tokensIn(reminder!.text)).toEqual([tokens[1]]);
    expect(reminder!.text).not.toContain(oneIs);

    // An owner who confirmed everything gets no reminder.
    ctx().clock.set(new Date());
    const { who: other } = await ownerWith([{ years: 2 }]);
    const otherStart = ctx().clock.now();
    await run();
    await mailsSettled();
    const [otherToken] = tokensIn(checkMails(other)[0]!.text);
    expect((await confirm(otherToken)).statusCode).toBe(200);
    at(otherStart, 61);
    await run();
    at(otherStart, 100);
    await run();
    await mailsSettled();
    expect(reminderMails(other)).toEqual([]);
    expect(await noticesOf(other)).toHaveLength(1);
  });

  it('owners with only near deliveries, or none, or deactivated, get nothing; two runs at once send once', async () => {
    const { who: near } = await ownerWith([{ years: 0.9 }, { years: 0.2 }]);
    const { who: held } = await ownerWith([{ years: 2 }]);
    await setUserStatus(ctx().deps.db, held.id, 0);
    const { who: raced } = await ownerWith([{ years: 2 }]);

    const outcomes = await Promise.all([run(), run()]);
    await mailsSettled();
    expect(checkMails(near)).toEqual([]);
    expect(await noticesOf(near)).toEqual([]);
    expect(checkMails(held)).toEqual([]);
    expect(await noticesOf(held)).toEqual([]);
    expect(checkMails(raced)).toHaveLength(1);
    expect(await noticesOf(raced)).toHaveLength(1);
    // Of the two runs, one took the check (nobody else is due at this moment).
    expect(outcomes.map((outcome) => outcome.checks).sort()).toEqual([0, 1]);
    const [row] = await ctx().deps.db.select().from(addressChecks).where(eq(addressChecks.ownerId, raced.id));
    expect(row!.sentAt).toEqual(ctx().clock.now());

    // Activated again, the held owner is asked at the duty's next run (the job the platform schedules).
    await setUserStatus(ctx().deps.db, held.id, 1);
    await runDutyOnce(ctx().deps.queue, ctx().deps.database.executeSql, addressCheckQueue);
    await mailsSettled();
    expect(checkMails(held)).toHaveLength(1);
  });

  it("a deactivated owner's link answers as an unknown one (404) and confirms nothing", async () => {
    const { who } = await ownerWith([{ years: 2, title: 'Held link' }]);
    await run();
    await mailsSettled();
    const [token] = tokensIn(checkMails(who)[0]!.text);
    await setUserStatus(ctx().deps.db, who.id, 0);
    const answer = await confirm(token);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: ADDRESS_CHECK_MESSAGES.invalidLink });
    expect((await itemsOf(who)).map((item) => item.confirmedAt)).toEqual([null]);
    // Activated again, the same link works (it was never spent).
    await setUserStatus(ctx().deps.db, who.id, 1);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('changing the address resets its confirmation: the old link confirms nothing, the next check asks anew', async () => {
    const { who, videoIds } = await ownerWith([{ years: 3, email: 'old@recipient.test' }]);
    const start = ctx().clock.now();
    await run();
    await mailsSettled();
    const [token] = tokensIn(checkMails(who)[0]!.text);
    expect((await confirm(token)).statusCode).toBe(200);

    await schedule(who, videoIds[0]!, 3, 'new@recipient.test');
    const changed = await confirm(token);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(ADDRESS_CHECK_MESSAGES.changed);

    at(start, 366);
    await run();
    await mailsSettled();
    const next = checkMails(who)[1]!;
    expect(next.text).toContain('new@recipient.test');
    const items = (await itemsOf(who)).filter((item) => item.recipientEmail === 'new@recipient.test');
    expect(items.map((item) => item.confirmedAt)).toEqual([null]);
  });

  it("refuses forged, expired and malformed tokens (nothing changes), and one owner's link confirms only their own", async () => {
    const { who: first } = await ownerWith([{ years: 2, title: 'First' }]);
    const { who: second } = await ownerWith([{ years: 2, title: 'Second' }]);
    const start = ctx().clock.now();
    await run();
    await mailsSettled();
    const [firstToken] = tokensIn(checkMails(first)[0]!.text);
    const [secondToken] = tokensIn(checkMails(second)[0]!.text);
    const unconfirmed = async () =>
      [...(await itemsOf(first)), ...(await itemsOf(second))].filter((item) => item.confirmedAt === null)
        .length;
    expect(await unconfirmed()).toBe(2);

    // Forged: a random token, one character changed, the hash of a real one.
    const forged = [
      'A'.repeat(43),
      `${firstToken!.slice(0, -1)}${firstToken!.endsWith('A') ? 'B' : 'A'}`,
      (await itemsOf(first))[0]!.tokenHash,
      '../../confirm',
    ];
    for (const token of forged) {
      const answer = await confirm(token);
      expect(answer.statusCode, token).toBe(404);
      expect(answer.json().message).toBe(ADDRESS_CHECK_MESSAGES.invalidLink);
    }
    // Malformed: missing, not a string, oversized.
    for (const token of [undefined, '', 42, ['a'], 'x'.repeat(ADDRESS_TOKEN_MAX + 1)]) {
      const answer = await confirm(token);
      expect(answer.statusCode, JSON.stringify(token)).toBe(422);
      expect(Object.keys(answer.json().errors)).toEqual(['token']);
    }
    const huge = await ctx().app.inject({
      method: 'POST',
      url: routeUrl(deliveryAddressRoutes.confirm),
      payload: { token: 'x'.repeat(2_000_000) },
    });
    expect([413, 422]).toContain(huge.statusCode);
    expect(await unconfirmed()).toBe(2);

    // The first owner's link answers about their video only and leaves the second's unconfirmed.
    const answer = await confirm(firstToken);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.video_title).toBe('First');
    expect((await itemsOf(second))[0]!.confirmedAt).toBeNull();

    // Expired: 180 days after the check.
    at(start, 181);
    const expired = await confirm(secondToken);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(ADDRESS_CHECK_MESSAGES.expired);
    expect((await itemsOf(second))[0]!.confirmedAt).toBeNull();
  });

  it("the link's page first reads what it asks about (video, address, day), confirming nothing; refused as the button is", async () => {
    const details = (token: unknown) =>
      ctx().app.inject({ method: 'POST', url: routeUrl(deliveryAddressRoutes.details), payload: { token } });
    const { who, videoIds } = await ownerWith([{ years: 2, email: 'aunt@recipient.test', title: 'For May' }]);
    const start = ctx().clock.now();
    await run();
    await mailsSettled();
    const [token] = tokensIn(checkMails(who)[0]!.text);

    const before = await details(token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-store');
    expect(before.json()).toEqual({
      data: {
        video_title: 'For May',
        recipient_email: 'aunt@recipient.test',
        due_at: expect.any(String),
        confirmed_at: null,
      },
    });
    // Read twice, still nothing confirmed: only the button confirms.
    expect((await details(token)).statusCode).toBe(200);
    expect((await itemsOf(who)).map((row) => row.confirmedAt)).toEqual([null]);

    at(start, 2);
    const confirmed = (await confirm(token)).json().data.confirmed_at;
    expect((await details(token)).json().data.confirmed_at).toBe(confirmed);

    // Malformed → 422; forged → 404; a deactivated owner's → 404; changed → 409; expired → 410.
    for (const bad of [undefined, '', 7, 'x'.repeat(ADDRESS_TOKEN_MAX + 1)]) {
      const answer = await details(bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(answer.json().errors)).toEqual(['token']);
    }
    expect((await details('A'.repeat(43))).json()).toEqual({ message: ADDRESS_CHECK_MESSAGES.invalidLink });
    await setUserStatus(ctx().deps.db, who.id, 0);
    expect((await details(token)).statusCode).toBe(404);
    await setUserStatus(ctx().deps.db, who.id, 1);
    // Back to the owner's session's day to change the address.
    ctx().clock.set(start);
    await schedule(who, videoIds[0]!, 2, 'uncle@recipient.test');
    const changed = await details(token);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(ADDRESS_CHECK_MESSAGES.changed);
    at(start, 181);
    expect((await details(token)).json()).toEqual({ message: ADDRESS_CHECK_MESSAGES.expired });
  });

  describe("the in-app task: the video's address_check and the signed-in 'Still right' (docs/product.md §5.9)", () => {
    const confirmOwn = (token: string | undefined, id: number | string) =>
      ctx().app.inject({
        method: 'POST',
        url: routeUrl(deliveryAddressRoutes.confirmOwn, { id }),
        headers: token ? bearer(token) : {},
      });
    const deliveryOf = async (who: SignedIn, id: number) => {
      const answer = await ctx().app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.detail, { id }),
        headers: bearer(who.token),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.delivery;
    };

    it('shows the question, confirms it once (a double click answers the same), as the link would', async () => {
      const { who, videoIds } = await ownerWith([
        { years: 2, email: 'far@recipient.test' },
        { years: 0.5, email: 'near@recipient.test' },
      ]);
      const [far, near] = videoIds as [number, number];
      expect((await deliveryOf(who, far)).address_check).toBeNull();
      const start = ctx().clock.now();
      await run();
      await mailsSettled();
      expect((await deliveryOf(who, far)).address_check).toEqual({
        asked_at: start.toISOString(),
        confirmed_at: null,
      });
      // Only the far delivery was asked about.
      expect((await deliveryOf(who, near)).address_check).toBeNull();

      // Minutes later (the sign-in still valid): a double click, then a third click later.
      const minutes = (n: number) => ctx().clock.set(new Date(start.getTime() + n * 60_000));
      minutes(2);
      const answers = await Promise.all([confirmOwn(who.token, far), confirmOwn(who.token, far)]);
      minutes(3);
      answers.push(await confirmOwn(who.token, far));
      const confirmedAt = new Date(start.getTime() + 2 * 60_000).toISOString();
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json()).toMatchObject({
          message: ADDRESS_CHECK_MESSAGES.confirmed,
          data: { recipient_email: 'far@recipient.test', confirmed_at: confirmedAt },
        });
      }
      expect((await deliveryOf(who, far)).address_check).toEqual({
        asked_at: start.toISOString(),
        confirmed_at: confirmedAt,
      });
      // The e-mail's link answers the same confirmation; the reminder has nothing left to ask.
      const [token] = tokensIn(checkMails(who)[0]!.text);
      expect((await confirm(token)).json().data.confirmed_at).toBe(confirmedAt);
      at(start, 61);
      await run();
      await mailsSettled();
      expect(reminderMails(who)).toEqual([]);

      // A changed address is a new delivery: no question until the next check asks about it.
      minutes(4);
      await schedule(who, far, 2, 'other@recipient.test');
      expect((await deliveryOf(who, far)).address_check).toBeNull();
      const refused = await confirmOwn(who.token, far);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(ADDRESS_CHECK_MESSAGES.nothingToConfirm);
    });

    it('401, 403 (funeral home, admin), 404 (odd ids, another owner, nothing asked), changing nothing', async () => {
      const { who, videoIds } = await ownerWith([{ years: 2 }, { years: 0.5 }]);
      const [far, near] = videoIds as [number, number];
      await run();
      await mailsSettled();
      const stranger = await signUpUser(ctx());
      const home = await signUpFuneralHome(ctx());
      const admin = await signInAdmin(ctx());

      expect((await confirmOwn(undefined, far)).statusCode).toBe(401);
      expect((await confirmOwn(home.token, far)).statusCode).toBe(403);
      expect((await confirmOwn(admin.token, far)).statusCode).toBe(403);
      expect((await confirmOwn(stranger.token, far)).statusCode).toBe(404);
      // Odd ids read as no record (the contract's recordId): 404, like an unknown one.
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999999', '999999'])
        expect((await confirmOwn(who.token, id)).statusCode, id).toBe(404);
      // A video no check asks about (due within the year, or a draft) has nothing to confirm.
      expect((await confirmOwn(who.token, near)).statusCode).toBe(404);
      const draft = await insertVideo(ctx().deps.db, who.id, { folder: 'draft' });
      expect((await confirmOwn(who.token, draft)).statusCode).toBe(404);
      expect((await itemsOf(who)).map((item) => item.confirmedAt)).toEqual([null]);

      // A cancelled delivery (the video moved out of the folder) has nothing to confirm either.
      await updateType(who, far, { type: 'final' });
      expect((await confirmOwn(who.token, far)).statusCode).toBe(404);
      expect((await itemsOf(who)).map((item) => item.confirmedAt)).toEqual([null]);
    });
  });

  it("keeps the 'Still right' page's token out of the logs (the call's token is in its body)", () => {
    expect(redactUrl('/delivery/address/AbC-123_x?utm=1')).toBe('/delivery/address/[redacted]?utm=1');
    // The calls' own names stay; a token that only starts like one is still censored.
    const detailsUrl = routeUrl(deliveryAddressRoutes.details);
    expect(redactUrl(detailsUrl)).toBe(detailsUrl);
    expect(redactUrl('/delivery/address/details-Xy_9')).toBe('/delivery/address/[redacted]');
    expect(redactUrl('/delivery/address/confirm-Xy_9')).toBe('/delivery/address/[redacted]');
    const callUrl = routeUrl(deliveryAddressRoutes.confirm);
    expect(redactUrl(callUrl)).toBe(callUrl);
  });
});
