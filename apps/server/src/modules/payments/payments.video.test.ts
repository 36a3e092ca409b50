import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRoutes, videoRoutes, routeUrl } from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { makeClip, makeClipDir } from '../../../test/media-fixtures';
import { clipsBody, createAccount, type TestAccount } from '../../../test/video-helpers';

const CARD = { card_holder_name: 'Jane Doe', card_no: '4242424242424242', expiry_date: '12/39', cvv: '123' };
const INVALID = 'The payment is invalid or already used.';

describe('extra video time bought with a payment', () => {
  let clipDir: string;
  let long: string;
  let owner: TestAccount;
  let stranger: TestAccount;

  const ctx = contextForSuite();
  beforeAll(async () => {
    clipDir = await makeClipDir();
    long = await makeClip(clipDir, 'seventy-five.mp4', 'mp4', { seconds: 75, size: '64x64', rate: 5 });
    [owner, stranger] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  }, 60_000);
  afterAll(async () => {
    if (clipDir) await fs.rm(clipDir, { recursive: true, force: true });
  });

  const upload = async (account: TestAccount, paymentId?: string) => {
    const fields: Record<string, string> = { type: 'draft', title: 'Long goodbye' };
    if (paymentId) fields.payment_id = paymentId;
    const body = await clipsBody(fields, [long]);
    return ctx.app.inject({
      method: 'POST',
      url: routeUrl(videoRoutes.store),
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const buyMinute = async (account: TestAccount) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(paymentRoutes.extraTimePayment),
      headers: account.headers,
      payload: { ...CARD, duration: '00:01:00' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.payment_id as string;
  };

  it('refuses a 75 s upload without payment, saves it with a one-minute payment, and only once', async () => {
    const unpaid = await upload(owner);
    expect(unpaid.statusCode).toBe(422);
    expect(unpaid.json().message).toBe(
      'The video is longer than your 60 seconds allowance. Buy extra time to save it.',
    );

    const paymentId = await buyMinute(owner);
    const paid = await upload(owner, paymentId);
    expect(paid.statusCode, paid.body).toBe(201);

    const again = await upload(owner, paymentId);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: INVALID, errors: { payment_id: [INVALID] } });
  }, 60_000);

  const unused = (headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: routeUrl(paymentRoutes.unusedExtraTime),
      headers,
    });

  it('lists unused extra time with the minutes it gives, only to its buyer, until a video uses it', async () => {
    const paymentId = await buyMinute(stranger);
    const listed = await unused(stranger.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().data.find((entry: { payment_id: string }) => entry.payment_id === paymentId);
    expect(row).toMatchObject({ payment_id: paymentId, seconds: 60, minutes: 1 });
    expect(row.amount).toMatch(/^\d+\.\d{2}$/);
    // Nobody else sees it: not the owner, not a visitor, not a funeral home.
    const others = await unused(owner.headers);
    expect(others.json().data.map((entry: { payment_id: string }) => entry.payment_id)).not.toContain(
      paymentId,
    );
    expect((await unused()).statusCode).toBe(401);
    const home = await createAccount(ctx, 'funeral-home');
    expect((await unused(home.headers)).statusCode).toBe(403);
    const admin = await createAccount(ctx, 'admin');
    expect((await unused(admin.headers)).statusCode).toBe(403);
    // A query string it does not take changes nothing: still the buyer's own list only.
    const odd = await ctx.app.inject({
      method: 'GET',
      url: `${routeUrl(paymentRoutes.unusedExtraTime)}?account_id=${owner.id}&page=-1`,
      headers: owner.headers,
    });
    expect([200, 422]).toContain(odd.statusCode);
    if (odd.statusCode === 200)
      expect(odd.json().data.map((entry: { payment_id: string }) => entry.payment_id)).not.toContain(
        paymentId,
      );
    // Still there a year on: unused time never expires (both sign in again: sessions do expire).
    ctx.clock.advance(366 * 24 * 60 * 60 * 1000);
    for (const account of [owner, stranger]) {
      account.token = await ctx.deps.sessions.create(account.id, false);
      account.headers = { authorization: `Bearer ${account.token}` };
    }
    const later = await unused(stranger.headers);
    expect(later.json().data.map((entry: { payment_id: string }) => entry.payment_id)).toContain(paymentId);
    const used = await upload(stranger, paymentId);
    expect(used.statusCode, used.body).toBe(201);
    const after = await unused(stranger.headers);
    expect(after.json().data.map((entry: { payment_id: string }) => entry.payment_id)).not.toContain(
      paymentId,
    );
  }, 60_000);

  it('uses one payment once when the same upload is sent twice at the same time (a retry)', async () => {
    const paymentId = await buyMinute(owner);
    const answers = await Promise.all([upload(owner, paymentId), upload(owner, paymentId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const rejected = answers.find((answer) => answer.statusCode === 422)!;
    expect(rejected.json().message).toBe(INVALID);
    const listed = await unused(owner.headers);
    expect(listed.json().data.map((entry: { payment_id: string }) => entry.payment_id)).not.toContain(
      paymentId,
    );
  }, 60_000);

  it("refuses another account's payment", async () => {
    // Bought at once after the first one was used: a new purchase, not the first one's double click.
    const paymentId = await buyMinute(owner);
    const theirs = await upload(stranger, paymentId);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().message).toBe(INVALID);
    // Still the owner's to use.
    const mine = await upload(owner, paymentId);
    expect(mine.statusCode, mine.body).toBe(201);
  }, 60_000);
});
