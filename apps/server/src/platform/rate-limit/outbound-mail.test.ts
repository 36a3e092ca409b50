import { describe, expect, it } from 'vitest';
import { type TestContext, contextForSuite } from '../../../test/helpers';
import { AppError } from '../errors';
import { createRateLimiter } from './rate-limit';
import { createOutboundMailLimit, recipientHash } from './outbound-mail';

/** A limit as one API process builds it, with the warnings it logs collected. */
function processOf(ctx: TestContext) {
  const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
  };
  const limit = createOutboundMailLimit(createRateLimiter(ctx.deps.db, ctx.clock), logger as never);
  return { limit, warnings };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null).catch((error: AppError) => error);

describe('the outbound e-mail limit', () => {
  const ctx = contextForSuite();

  it('is shared by every API process: the counters are in the database', async () => {
    const a = processOf(ctx);
    const b = processOf(ctx);
    for (let i = 0; i < 5; i++) {
      await a.limit.take(101, [`a${i}@x.test`], 'probe');
      await b.limit.take(101, [`b${i}@x.test`], 'probe');
    }
    const error = await refusal(b.limit.take(101, ['c@x.test'], 'probe'));
    expect(error?.status).toBe(429);
    expect(Number(error?.headers?.['Retry-After'])).toBeGreaterThan(0);
  });

  it('logs a refusal with the account id and the recipient as a hash, never the address', async () => {
    const { limit, warnings } = processOf(ctx);
    const address = 'Grace.Hopper@recipient.test';
    for (let i = 0; i < 3; i++) await limit.take(102, [address], 'probe');
    expect((await refusal(limit.take(102, [address.toLowerCase()], 'grant-access')))?.status).toBe(429);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe('outbound e-mail limit refused a request');
    expect(warnings[0]!.fields).toMatchObject({
      accountId: 102,
      kind: 'grant-access',
      limits: ['mailOutTo'],
      recipients: [recipientHash(address)],
    });
    expect(JSON.stringify(warnings)).not.toMatch(/grace|hopper|recipient\.test/i);
  });

  it('counts a request of many e-mails whole: refused, none of them is counted', async () => {
    const { limit } = processOf(ctx);
    const many = Array.from({ length: 8 }, (_, i) => `m${i}@x.test`);
    await limit.take(103, many, 'probe');
    expect((await refusal(limit.take(103, ['n1@x.test', 'n2@x.test', 'n3@x.test'], 'probe')))?.status).toBe(
      429,
    );
    // The refused three were given back: two more still fit.
    await limit.take(103, ['n1@x.test', 'n2@x.test'], 'probe');
    expect((await refusal(limit.take(103, ['n3@x.test'], 'probe')))?.status).toBe(429);
  });

  it('gives back e-mails that were not sent after all', async () => {
    const { limit } = processOf(ctx);
    for (let i = 0; i < 9; i++) await limit.take(104, [`g${i}@x.test`], 'probe');
    const allowance = await limit.take(104, ['failed@x.test'], 'probe');
    await allowance.giveBack();
    await limit.take(104, ['again@x.test'], 'probe');
    expect((await refusal(limit.take(104, ['over@x.test'], 'probe')))?.status).toBe(429);
  });
});
