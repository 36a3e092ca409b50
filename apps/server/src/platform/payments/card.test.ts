import { describe, expect, it } from 'vitest';
import { paymentCardFields } from '@pw/contracts';
import { cardBrand, hasExpired, parseCardExpiry, passesLuhn } from './card';

describe('card checks', () => {
  it('computes the Luhn checksum over 12 to 19 digits', () => {
    for (const good of [
      '4242424242424242',
      '378282246310005',
      '6011111111111117',
      '79927398713'.padStart(12, '0'),
    ])
      expect(passesLuhn(good), good).toBe(true);
    for (const bad of ['4242424242424241', '42424242424', '4'.repeat(20), '4242 4242 4242 4242'])
      expect(passesLuhn(bad), bad).toBe(false);
  });

  it('reads MM/YY and MM/YYYY, and nothing else', () => {
    expect(parseCardExpiry('04/29')).toEqual({ month: 4, year: 2029 });
    expect(parseCardExpiry(' 4 / 2031 ')).toEqual({ month: 4, year: 2031 });
    for (const bad of ['13/29', '0/29', '04/029', '0429', '04-29', 'April 2029'])
      expect(parseCardExpiry(bad), bad).toBeUndefined();
  });

  it('keeps a card good until its month is over, in UTC', () => {
    const expiry = { month: 12, year: 2030 };
    expect(hasExpired(expiry, new Date('2030-12-31T23:59:59.999Z'))).toBe(false);
    expect(hasExpired(expiry, new Date('2031-01-01T00:00:00Z'))).toBe(true);
  });

  it('tells an unknown network from the ones it knows', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });
});

describe('the payment form card fields', () => {
  const valid = {
    card_holder_name: ' Jane Doe ',
    card_no: '4242 4242-4242 4242',
    expiry_date: '12/31',
    cvv: '123',
  };

  it('accepts the form and hands on the number as digits', () => {
    expect(paymentCardFields.parse(valid)).toEqual({
      card_holder_name: 'Jane Doe',
      card_no: '4242424242424242',
      expiry_date: '12/31',
      cvv: '123',
    });
  });

  it('names each missing field in the spec wording', () => {
    const result = paymentCardFields.safeParse({ card_holder_name: '', card_no: ' ', cvv: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['card_holder_name', 'The card holder name field is required.'],
      ['card_no', 'The card number field is required.'],
      ['expiry_date', 'The expiry date field is required.'],
      ['cvv', 'The CVV field is required.'],
    ]);
  });

  it('wants card_no and cvv numeric, cvv at most 3 digits, and a month and year', () => {
    const messages = (fields: object) =>
      paymentCardFields.safeParse({ ...valid, ...fields }).error?.issues.map((issue) => issue.message);
    expect(messages({ card_no: '4242x' })).toEqual(['The card number must be a number.']);
    expect(messages({ card_no: '4'.repeat(20) })).toEqual([
      'The card number may not be longer than 19 digits.',
    ]);
    expect(messages({ cvv: '12a' })).toEqual(['The CVV must be a number.']);
    expect(messages({ cvv: '1234' })).toEqual(['The CVV may not be longer than 3 digits.']);
    expect(messages({ expiry_date: '2031-12' })).toEqual([
      'The expiry date must be a month and year: MM/YY or MM/YYYY.',
    ]);
    // Numbers are refused: JSON loses a CVV's leading zero and a long number's last digits.
    expect(messages({ cvv: 123 })).toEqual(['The CVV must be sent as text.']);
  });
});
