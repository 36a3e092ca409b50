import { describe, expect, it } from 'vitest';
import { classifyMailError } from '../../../platform/mail/mail-errors';
import { defaultDeliveryWorkerOptions } from '../delivery.context';
import { afterRefusal, backoffSeconds, retriesOver } from './delivery.retry-policy';

const noJitter = () => 0;
const mostJitter = () => 0.999_999;

describe('back-off after a temporary refusal', () => {
  it('doubles from the base with each attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => backoffSeconds(attempt, 30, noJitter))).toEqual([
      30, 60, 120, 240, 480,
    ]);
  });

  it('adds up to a quarter more at random, never less than the doubled base', () => {
    expect(backoffSeconds(1, 30, mostJitter)).toBe(37); // 30 × 1.25, rounded down by a hair
    expect(backoffSeconds(3, 30, () => 0.5)).toBe(135); // 120 × 1.125
    for (let i = 0; i < 200; i++) {
      const seconds = backoffSeconds(4, 30);
      expect(seconds).toBeGreaterThanOrEqual(240);
      expect(seconds).toBeLessThanOrEqual(300);
    }
  });

  it('never waits more than an hour, however many attempts, jitter included', () => {
    expect(backoffSeconds(7, 30, mostJitter)).toBe(2400); // 1920 × 1.25: still under the hour
    expect(backoffSeconds(8, 30, noJitter)).toBe(3600); // 3840 → an hour
    expect(backoffSeconds(7, 50, () => 0.9)).toBe(3600); // 3200 × 1.225 = 3920: the jitter does not pass it
  });

  it('an attempt number below one counts as the first', () => {
    expect(backoffSeconds(0, 30, noJitter)).toBe(30);
    expect(backoffSeconds(-3, 30, noJitter)).toBe(30);
  });

  it('a thousand attempts is an hour, not infinity or NaN', () => {
    expect(backoffSeconds(1000, 30, mostJitter)).toBe(3600);
    expect(backoffSeconds(5000, 30, noJitter)).toBe(3600);
  });
});

describe('the end of the retries', () => {
  const threeDays = defaultDeliveryWorkerOptions.retryForSeconds;
  const first = new Date('2030-06-15T12:00:00.000Z');
  const after = (ms: number) => new Date(first.getTime() + ms);

  it('is three days after the first attempt by default', () => {
    expect(threeDays).toBe(3 * 24 * 60 * 60);
  });

  it('comes exactly when the time since the first attempt reaches the window, not a millisecond before', () => {
    expect(retriesOver(first, after(threeDays * 1000 - 1), threeDays)).toBe(false);
    expect(retriesOver(first, after(threeDays * 1000), threeDays)).toBe(true);
    expect(retriesOver(first, after(threeDays * 1000 + 1), threeDays)).toBe(true);
  });

  it('a delivery never tried before starts its window now', () => {
    expect(retriesOver(null, first, threeDays)).toBe(false);
    expect(retriesOver(null, first, 0)).toBe(true);
  });

  it('a clock set back before the first attempt is not over', () => {
    expect(retriesOver(first, after(-60_000), threeDays)).toBe(false);
  });
});

describe('what follows a refused attempt', () => {
  const temporary = classifyMailError({ responseCode: 451, response: '451 4.7.1 Try again later' });
  const permanent = classifyMailError({ responseCode: 550, response: '550 5.1.1 No such user' });
  const unreachable = classifyMailError(
    Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
  );

  it('a temporary refusal, or no answer at all, is tried again while the retries last', () => {
    expect(afterRefusal(temporary, 1, false)).toEqual({ kind: 'retry' });
    expect(afterRefusal(unreachable, 7, false)).toEqual({ kind: 'retry' });
  });

  it('once they are over, the delivery has failed, saying how many attempts were made and why', () => {
    expect(afterRefusal(temporary, 12, true)).toEqual({
      kind: 'failed',
      reason:
        'Gave up after 12 attempts over three days. The mail server asked to try again later: 451 4.7.1 Try again later',
    });
  });

  it('a permanent refusal bounces at once with its reply, on the first attempt as on the last', () => {
    const bounced = {
      kind: 'bounced',
      reason: "The recipient's mail server refused the message: 550 5.1.1 No such user",
    };
    expect(afterRefusal(permanent, 1, false)).toEqual(bounced);
    expect(afterRefusal(permanent, 9, true)).toEqual(bounced);
  });
});
