import { accountRoutes, dashboardRoutes, accountDataRoutes, paymentRoutes, routeUrl } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { quickDeliveryRetries } from '../../../test/mailing-app';
import { startWorkers } from '../../composition';
import {
  ADMIN_ENV,
  bearer,
  randomIp,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { buyPlan, planIds } from '../payments/payments.fixtures';
import { payments } from '../payments/payments.schema';
import { createAd } from '../banner-ads/banner-ads.fixtures';
import { bannerAdImages } from '../banner-ads/banner-ads.schema';
import { scheduledDeliveries } from '../delivery/delivery.schema';
import { videos } from '../videos/videos.schema';
import { sessions } from '../accounts/accounts.schema';
import { accountExports, fileDeletions } from './account-data.schema';
import { deleteAccount, startExport, storedVideo, waitForExport } from './account-data.fixtures';
import { bringDueNow, deliveriesSettled } from '../../../test/delivery-fixtures';

describe('account deletion', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let stopWorkers: () => Promise<void>;
  let admin: SignedIn;

  const login = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(accountRoutes.webLogin),
      payload: { email, password },
      remoteAddress: randomIp(),
    });
  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(accountRoutes.userProfile), headers: bearer(token) });
  const revenue = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: routeUrl(dashboardRoutes.subscription),
        headers: bearer(admin.token),
      })
    ).json();
  const accountRow = async (id: number) =>
    (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0] ?? null;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ ...ADMIN_ENV, SMTP_URL: smtp.url });
    stopWorkers = await startWorkers(ctx.composition, quickDeliveryRetries);
    admin = await signInAdmin(ctx);
  }, 120_000);
  afterAll(async () => {
    await stopWorkers?.();
    await ctx?.close();
    await smtp?.close();
  });

  it('refuses a wrong or missing password with a clear 422 and changes nothing', async () => {
    const person = await signUpUser(ctx);
    const wrong = await deleteAccount(ctx, person.token, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: 'The password is incorrect.',
      errors: { password: ['The password is incorrect.'] },
    });
    for (const payload of [{}, { password: '' }, { password: 42 }, { password: 'x'.repeat(10_000) }]) {
      const response = await deleteAccount(ctx, person.token, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.password).toBeDefined();
    }
    expect(await accountRow(person.id)).not.toBeNull();
    expect((await profile(person.token)).statusCode).toBe(200);
    expect((await login(person.email, person.password)).statusCode).toBe(200);
  });

  it('refuses strangers (401), the wrong role and admins (403)', async () => {
    const person = await signUpUser(ctx);
    expect((await deleteAccount(ctx, null, { password: person.password })).statusCode).toBe(401);
    expect((await deleteAccount(ctx, 'not-a-token', { password: person.password })).statusCode).toBe(401);
    expect(
      (await deleteAccount(ctx, person.token, { password: person.password }, 'funeral-home')).statusCode,
    ).toBe(403);
    // Admins have no deletion of their own (docs/product.md §11.6): the last admin can never remove itself.
    expect((await deleteAccount(ctx, admin.token, { password: ADMIN_ENV.ADMIN_PASSWORD })).statusCode).toBe(
      403,
    );
    expect(await accountRow(person.id)).not.toBeNull();
    expect(await accountRow(admin.id)).not.toBeNull();
  });

  it('rate-limits wrong passwords like logins', async () => {
    const person = await signUpUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: routeUrl(accountDataRoutes.user.deleteAccount),
        headers: bearer(person.token),
        payload: { password: `guess-${i}-wrong` },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(await accountRow(person.id)).not.toBeNull();
  });

  it('cancels deliveries (nothing arrives at the due minute), deletes media, keeps payments anonymised, refuses login', async () => {
    const person = await signUpUser(ctx, { first_name: 'Leaving' });
    const video = await storedVideo(ctx, person.id, 'For later', 'Please open in ten years.');
    await buyPlan(ctx, person, (await planIds(ctx))['Monthly Membership']!);
    await createAd(ctx, person.token, 'user');
    const exportId = (await startExport(ctx, person.token)).json().data.id;
    const ready = await waitForExport(ctx, person, exportId);
    // Two deliveries due in an hour: the leaving person's, and, to show the worker really sends at that
    // minute, one of someone who stays. Their moment is brought to now once the account is deleted
    // (bringDueNow): a delivery due "in a few seconds" could legitimately be sent before a slow machine
    // got to the deletion.
    const stayer = await signUpUser(ctx);
    const stayerVideo = await storedVideo(ctx, stayer.id, 'Staying', 'Still here.');
    const dueAt = new Date(Date.now() + 3_600_000);
    const recipient = 'family@recipient.test';
    const control = 'control@recipient.test';
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      videoId: video.id,
      ownerId: person.id,
      recipientEmail: recipient,
      dueAt,
    });
    await ctx.deps.delivery.schedule({
      timezone: 'UTC',
      videoId: stayerVideo.id,
      ownerId: stayer.id,
      recipientEmail: control,
      dueAt,
    });
    const deliveryIds = (
      await ctx.deps.db
        .select({ id: scheduledDeliveries.id })
        .from(scheduledDeliveries)
        .where(or(eq(scheduledDeliveries.videoId, video.id), eq(scheduledDeliveries.videoId, stayerVideo.id)))
    ).map((row) => row.id);
    expect(deliveryIds).toHaveLength(2);
    const [exportRow] = await ctx.deps.db
      .select()
      .from(accountExports)
      .where(eq(accountExports.id, ready.id));
    const [image] = await ctx.deps.db.select().from(bannerAdImages);
    const files = [video.mediaKey!, video.thumbnailKey!, exportRow!.storageKey!, image!.storageKey];
    for (const key of files) expect(await ctx.deps.storage.stat(key)).not.toBeNull();
    const revenueBefore = await revenue();
    const [paymentBefore] = await ctx.deps.db
      .select()
      .from(payments)
      .where(eq(payments.accountId, person.id));

    const response = await deleteAccount(ctx, person.token, { password: person.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account has been deleted.', data: null });

    // Signed out everywhere at once, and the e-mail and password open nothing.
    expect((await profile(person.token)).statusCode).toBe(401);
    expect(await ctx.deps.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(0);
    const refused = await login(person.email, person.password);
    expect(refused.statusCode).toBe(401);
    expect(await accountRow(person.id)).toBeNull();

    // Media gone from storage, none left to delete.
    for (const key of files) expect(await ctx.deps.storage.stat(key)).toBeNull();
    expect(await ctx.deps.db.select().from(fileDeletions)).toHaveLength(0);
    expect(await ctx.deps.db.select().from(videos).where(eq(videos.ownerId, person.id))).toHaveLength(0);

    // The delivery is gone and nothing arrives at (or after) its minute.
    expect(
      await ctx.deps.db.select().from(scheduledDeliveries).where(eq(scheduledDeliveries.videoId, video.id)),
    ).toHaveLength(0);
    await bringDueNow(ctx.deps, deliveryIds);
    await smtp.waitFor(() => smtp.messages.some((mail) => mail.to === control));
    await deliveriesSettled(ctx.deps);
    expect(smtp.messages.filter((mail) => mail.to === recipient)).toHaveLength(0);

    // The payment stays, without its payer; the books add up as before.
    const [paymentAfter] = await ctx.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, paymentBefore!.id));
    expect(paymentBefore!.last4).toMatch(/^\d{4}$/);
    expect(paymentAfter).toMatchObject({
      accountId: null,
      last4: '',
      amountCents: paymentBefore!.amountCents,
      createdAt: paymentBefore!.createdAt,
    });
    expect(await revenue()).toEqual(revenueBefore);
    const log = await ctx.app.inject({
      method: 'GET',
      url: routeUrl(paymentRoutes.adminLog),
      headers: bearer(admin.token),
    });
    expect(log.statusCode).toBe(200);
    const row = log.json().data.find((entry: { id: number }) => entry.id === paymentBefore!.id);
    expect(row).toMatchObject({ name: 'Deleted account', email: '', type: 'deleted' });

    // The confirmation went to the address the account had.
    await smtp.waitFor(() =>
      smtp.messages.some((mail) => mail.to === person.email && /deleted/.test(mail.subject)),
    );
    const mail = smtp.messages.find((m) => m.to === person.email && /deleted/.test(m.subject))!;
    expect(mail.text).toContain('Hello Leaving,');
    expect(mail.html).toContain('has been deleted, as you asked.');
    // No mail row keeps the address once the confirmation is sent.
    const rowsOf = () =>
      ctx.deps.db
        .select()
        .from(mailOutbox)
        .where(or(eq(mailOutbox.accountId, person.id), eq(mailOutbox.toEmail, person.email)));
    await expect.poll(async () => (await rowsOf()).length, { timeout: 15_000 }).toBe(0);

    // The address is free: signing up again makes a new, empty account.
    const again = await signUpUser(ctx, { email: person.email });
    expect(again.id).not.toBe(person.id);
  }, 120_000);

  it('deletes a funeral home the same way, and a second call with the same session is refused', async () => {
    const home = await signUpFuneralHome(ctx);
    // First refused: no credential (401), no password (422), the user's call (403); nothing deleted.
    expect((await deleteAccount(ctx, null, { password: home.password }, 'funeral-home')).statusCode).toBe(
      401,
    );
    expect((await deleteAccount(ctx, home.token, {}, 'funeral-home')).statusCode).toBe(422);
    expect((await deleteAccount(ctx, home.token, { password: home.password })).statusCode).toBe(403);
    expect(await accountRow(home.id)).not.toBeNull();
    const [first, second] = await Promise.all([
      deleteAccount(ctx, home.token, { password: home.password }, 'funeral-home'),
      deleteAccount(ctx, home.token, { password: home.password }, 'funeral-home'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 404]).toContain(statuses[1]);
    expect(await accountRow(home.id)).toBeNull();
  });

  it('finishes deleting files a crash left behind (the sweeper)', async () => {
    const key = 'videos/left-behind.mp4';
    await ctx.deps.storage.put(key, Buffer.from('orphan'));
    await ctx.deps.db.insert(fileDeletions).values({ key });
    const swept = await ctx.deps.accountData.sweep();
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await ctx.deps.storage.stat(key)).toBeNull();
    expect(await ctx.deps.db.select().from(fileDeletions)).toHaveLength(0);
  });
});
