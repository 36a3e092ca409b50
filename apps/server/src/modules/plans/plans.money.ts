/**
 * Money as whole cents (docs/decisions/0150-plan-money.md). The contract has already checked the text
 * ("4.99", "149", "0.5"): it is split at the dot, never multiplied as a float, so 0.29 is 29 cents.
 */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 499 → "4.99", 14900 → "149.00": the price as the contract's pages show it after a '$'. */
export function fromCents(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
