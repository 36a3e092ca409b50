import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock';
import { IdempotencyKeyReusedError, type StoredChargeRequest } from './provider';
import { createSandboxPaymentProvider, SANDBOX_FAILS_LATER_CARD } from './sandbox';

const NOW = new Date('2030-03-15T12:00:00Z');

const cardCharge = (number: string) => ({
  amountCents: 499,
  currency: 'USD',
  card: { holderName: 'Jane Doe', number, expiry: '12/39', cvv: '123' },
  idempotencyKey: `first-${number}`,
  description: 'Monthly Membership',
});

const stored = (reference: string, extra: Partial<StoredChargeRequest> = {}): StoredChargeRequest => ({
  reference,
  amountCents: 499,
  currency: 'USD',
  idempotencyKey: 'renewal:1',
  description: 'Monthly Membership (renewal)',
  ...extra,
});

async function referenceOf(provider: ReturnType<typeof createSandboxPaymentProvider>, number: string) {
  const first = await provider.charge(cardCharge(number));
  if (!first.ok) throw new Error('the first charge should succeed');
  return first.reference;
}

describe('the sandbox: charging a stored card again (auto-renewal, decision 0155)', () => {
  it("charges a good card's reference again and answers a new reference that can be charged in turn", async () => {
    const provider = createSandboxPaymentProvider(new FakeClock(NOW));
    const reference = await referenceOf(provider, '4242424242424242');
    const renewed = await provider.chargeStored(stored(reference));
    expect(renewed).toEqual({ ok: true, reference: expect.stringMatching(/^sbx_ch_/) });
    if (!renewed.ok) return;
    expect(renewed.reference).not.toBe(reference);
    const again = await provider.chargeStored(stored(renewed.reference, { idempotencyKey: 'renewal:2' }));
    expect(again.ok).toBe(true);
    expect(provider.charges().at(-1)).toMatchObject({
      storedReference: renewed.reference,
      outcome: 'succeeded',
    });
  });

  it('accepts the "fails later" card at once and declines every stored charge of it', async () => {
    const provider = createSandboxPaymentProvider(new FakeClock(NOW));
    const reference = await referenceOf(provider, SANDBOX_FAILS_LATER_CARD);
    expect(await provider.chargeStored(stored(reference))).toEqual({
      ok: false,
      code: 'declined',
      message: 'Your card was declined.',
    });
  });

  it('declines a reference it never issued', async () => {
    const provider = createSandboxPaymentProvider(new FakeClock(NOW));
    expect((await provider.chargeStored(stored('sbx_pm_made_up'))).ok).toBe(false);
  });

  it('charges once per idempotency key, even when asked twice at once, and survives a restart', async () => {
    const clock = new FakeClock(NOW);
    const provider = createSandboxPaymentProvider(clock);
    const reference = await referenceOf(provider, '4242424242424242');
    const [a, b] = await Promise.all([
      provider.chargeStored(stored(reference)),
      provider.chargeStored(stored(reference)),
    ]);
    expect(a).toEqual(b);
    expect(provider.charges().filter((charge) => charge.storedReference)).toHaveLength(1);
    await expect(provider.chargeStored(stored(reference, { amountCents: 999 }))).rejects.toThrow(
      IdempotencyKeyReusedError,
    );
    // Another process (or after a restart) knows nothing of the first: the reference alone is enough.
    const restarted = createSandboxPaymentProvider(clock);
    expect((await restarted.chargeStored(stored(reference, { idempotencyKey: 'renewal:9' }))).ok).toBe(true);
  });
});
