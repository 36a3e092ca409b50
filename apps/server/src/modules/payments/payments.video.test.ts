import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRoutes, routePath } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { makeClip, makeClipDir } from '../../../test/media-fixtures';
import { clipsBody, createAccount, type TestAccount } from '../../../test/video-helpers';

const CARD = { card_holder_name: 'Jane Doe', card_no: '4242424242424242', expiry_date: '12/39', cvv: '123' };
const INVALID = 'The payment is invalid or already used.';

describe('extra video time bought with a payment (decision 0037)', () => {
  let ctx: TestContext;
  let clipDir: string;
  let long: string;
  let owner: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    ctx = await createTestContext();
    clipDir = await makeClipDir();
    long = await makeClip(clipDir, 'seventy-five.mp4', 'mp4', { seconds: 75, size: '64x64', rate: 5 });
    [owner, stranger] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    if (clipDir) await fs.rm(clipDir, { recursive: true, force: true });
  });

  const upload = async (account: TestAccount, paymentId?: string) => {
    const fields: Record<string, string> = { type: 'draft', title: 'Long goodbye' };
    if (paymentId) fields.payment_id = paymentId;
    const body = await clipsBody(fields, [long]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/web/user/video/store',
      headers: { ...account.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const buyMinute = async (account: TestAccount) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api${routePath(paymentRoutes.extraTimePayment)}`,
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
