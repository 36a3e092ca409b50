import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock';
import { IdempotencyKeyReusedError, type CardInput, type ChargeRequest } from './provider';
import { createSandboxPaymentProvider, IDEMPOTENCY_WINDOW_MS } from './sandbox';

// 15 March 2030, midday UTC.
const NOW = new Date('2030-03-15T12:00:00Z');

const card = (overrides: Partial<CardInput> = {}): CardInput => ({
  holderName: 'Jane Doe',
  number: '4242 4242 4242 4242',
  expiry: '12/31',
  cvv: '123',
  ...overrides,
});

let keys = 0;
const request = (overrides: Partial<CardInput> = {}, extra: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents: 1999,
  currency: 'USD',
  card: card(overrides),
  idempotencyKey: `payment-${++keys}`,
  description: 'Monthly membership',
  ...extra,
});

/** Every leaf value of an answer or a ledger. */
const fieldValues = (value: unknown): unknown[] =>
  value !== null && typeof value === 'object' && !(value instanceof Date)
    ? Object.values(value).flatMap(fieldValues)
    : [value];

function sandbox() {
  const clock = new FakeClock(NOW);
  return { clock, provider: createSandboxPaymentProvider(clock) };
}

describe('the sandbox payment provider', () => {
  it('charges 4242 4242 4242 4242 and answers a reference, the brand and the last four', async () => {
    const { provider } = sandbox();
    const result = await provider.charge(request());
    expect(result).toEqual({ ok: true, reference: expect.any(String), brand: 'visa', last4: '4242' });
    expect(provider.name).toBe('sandbox');
  });

  it('declines the test cards with their reasons, in words for the payer', async () => {
    const { provider } = sandbox();
    expect(await provider.charge(request({ number: '4000 0000 0000 0002' }))).toEqual({
      ok: false,
      code: 'declined',
      message: 'Your card was declined.',
    });
    expect(await provider.charge(request({ number: '4000000000009995' }))).toEqual({
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(await provider.charge(request({ number: '4000000000000069' }))).toMatchObject({
      code: 'expired_card',
    });
    expect(await provider.charge(request({ number: '4000000000000127' }))).toMatchObject({
      code: 'invalid_cvv',
    });
  });

  it('charges any other number with a valid checksum, and names its network', async () => {
    const { provider } = sandbox();
    const cases: Array<[string, string, string]> = [
      ['5555 5555 5555 4444', 'mastercard', '4444'],
      ['2223003122003222', 'mastercard', '3222'],
      ['378282246310005', 'amex', '0005'],
      ['6011111111111117', 'discover', '1117'],
      ['3566002020360505', 'jcb', '0505'],
      ['36227206271667', 'diners', '1667'],
      ['4111-1111-1111-1111', 'visa', '1111'],
    ];
    for (const [number, brand, last4] of cases)
      expect(await provider.charge(request({ number })), number).toMatchObject({ ok: true, brand, last4 });
  });

  it('refuses a number that fails the checksum or is no card number at all', async () => {
    const { provider } = sandbox();
    for (const number of ['4242 4242 4242 4241', '4242', '4242abcd42424242', '', '0'.repeat(20)])
      expect(await provider.charge(request({ number })), number).toEqual({
        ok: false,
        code: 'invalid_card',
        message: 'Your card number is not valid.',
      });
  });

  it('accepts a card through the last moment of its expiry month, by the clock it is given', async () => {
    const { provider, clock } = sandbox();
    // March 2030 is the current month: still good, as MM/YY and as MM/YYYY.
    expect(await provider.charge(request({ expiry: '03/30' }))).toMatchObject({ ok: true });
    expect(await provider.charge(request({ expiry: '3/2030' }))).toMatchObject({ ok: true });
    expect(await provider.charge(request({ expiry: '02/30' }))).toEqual({
      ok: false,
      code: 'expired_card',
      message: 'Your card has expired.',
    });
    clock.set(new Date('2030-03-31T23:59:59.999Z'));
    expect(await provider.charge(request({ expiry: '03/30' }))).toMatchObject({ ok: true });
    clock.set(new Date('2030-04-01T00:00:00Z'));
    expect(await provider.charge(request({ expiry: '03/30' }))).toMatchObject({ code: 'expired_card' });
  });

  it('refuses an expiry that is no month and year', async () => {
    const { provider } = sandbox();
    for (const expiry of ['13/31', '00/31', '12', '12/3', '2031-12', ''])
      expect(await provider.charge(request({ expiry })), expiry).toEqual({
        ok: false,
        code: 'invalid_card',
        message: "Your card's expiry date is not valid.",
      });
  });

  it('wants a 3-digit CVV', async () => {
    const { provider } = sandbox();
    for (const cvv of ['12', '1234', 'abc', ''])
      expect(await provider.charge(request({ cvv })), cvv).toEqual({
        ok: false,
        code: 'invalid_cvv',
        message: "Your card's security code (CVV) is not valid.",
      });
    expect(await provider.charge(request({ cvv: '007' }))).toMatchObject({ ok: true });
  });

  it('charges once per idempotency key, however many times and however concurrently it is sent', async () => {
    const { provider } = sandbox();
    const once = request();
    const [first, second] = await Promise.all([provider.charge(once), provider.charge(once)]);
    expect(second).toEqual(first);
    expect(await provider.charge(once)).toEqual(first);
    expect(provider.charges()).toHaveLength(1);

    // A decline is an answer too: the same key gives it again without trying the card again.
    const declined = request({ number: '4000000000000002' });
    const [refused, refusedAgain] = await Promise.all([provider.charge(declined), provider.charge(declined)]);
    expect(refusedAgain).toEqual(refused);
    expect(provider.charges()).toHaveLength(2);
  });

  it('makes a new charge, with a new reference, for a new key', async () => {
    const { provider } = sandbox();
    const first = await provider.charge(request());
    const second = await provider.charge(request());
    expect(first.ok && second.ok && first.reference !== second.reference).toBe(true);
    expect(provider.charges().map((charge) => charge.outcome)).toEqual(['succeeded', 'succeeded']);
  });

  it('refuses a key reused for a different charge rather than answer the wrong one', async () => {
    const { provider } = sandbox();
    const first = request();
    await provider.charge(first);
    await expect(provider.charge({ ...first, amountCents: 2999 })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    await expect(
      provider.charge({ ...first, card: card({ number: '5555555555554444' }) }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(provider.charges()).toHaveLength(1);
  });

  it('forgets a key after its window, as real providers do', async () => {
    const { provider, clock } = sandbox();
    const once = request();
    await provider.charge(once);
    clock.advance(IDEMPOTENCY_WINDOW_MS - 1);
    await provider.charge(once);
    expect(provider.charges()).toHaveLength(1);
    clock.advance(1);
    await provider.charge(once);
    expect(provider.charges()).toHaveLength(2);
  });

  it('rejects a request that is wrong whatever the card: the amount, the currency, the key', async () => {
    const { provider } = sandbox();
    for (const amountCents of [0, -100, 19.99, Number.NaN])
      await expect(provider.charge(request({}, { amountCents })), String(amountCents)).rejects.toThrow(
        /amountCents/,
      );
    await expect(provider.charge(request({}, { currency: 'dollars' }))).rejects.toThrow(/currency/);
    await expect(provider.charge(request({}, { idempotencyKey: ' ' }))).rejects.toThrow(/idempotencyKey/);
    expect(provider.charges()).toHaveLength(0);
  });

  it('gives out references nobody can guess', async () => {
    const { provider } = sandbox();
    const references = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const result = await provider.charge(request());
      if (result.ok) references.add(result.reference);
    }
    expect(references.size).toBe(50);
    // 144 random bits, base64url: 24 characters after the prefix.
    for (const reference of references) expect(reference).toMatch(/^sbx_ch_[A-Za-z0-9_-]{24}$/);
  });

  it('keeps and answers no card number and no CVV', async () => {
    const { provider } = sandbox();
    const numbers = ['4242424242424242', '4000000000000002', '4000000000009995', '4242424242424241'];
    const cvvs = ['731', '842', '953', '864'];
    const answers = [];
    for (const [index, number] of numbers.entries())
      answers.push(await provider.charge(request({ number, cvv: cvvs[index]! })));
    for (const held of [provider.charges(), answers]) {
      const text = JSON.stringify(held);
      for (const number of numbers) expect(text).not.toContain(number);
      // Compared field by field: three digits may well occur inside a random reference.
      for (const cvv of cvvs) expect(fieldValues(held)).not.toContain(cvv);
    }
    expect(provider.charges().map(({ last4, brand }) => [brand, last4])).toEqual([
      ['visa', '4242'],
      ['visa', '0002'],
      ['visa', '9995'],
      ['visa', '4241'],
    ]);
  });
});
