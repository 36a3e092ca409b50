import { countries, type TCountryCode } from 'countries-list';

/** Countries with their dialing codes, by name (data from the countries-list package). */
export interface DialingCountry {
  code: TCountryCode;
  name: string;
  dialingCode: string;
}

export const DIALING_COUNTRIES: DialingCountry[] = (Object.keys(countries) as TCountryCode[])
  .filter((code) => countries[code].phone.length > 0)
  .map((code) => ({
    code,
    name: countries[code].name,
    dialingCode: `+${countries[code].phone[0]}`,
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** docs/product.md §13.7: the picker defaults to the United States. */
export const DEFAULT_COUNTRY: TCountryCode = 'US';

/** The country to show for a stored dialing code ('+44' or '44'); +1 and unknown codes show the US. */
export function countryForDialingCode(dialingCode: string | null | undefined): TCountryCode {
  const digits = (dialingCode ?? '').replace(/\D/g, '');
  if (!digits || digits === '1') return DEFAULT_COUNTRY;
  return DIALING_COUNTRIES.find((country) => country.dialingCode === `+${digits}`)?.code ?? DEFAULT_COUNTRY;
}

export const dialingCodeOf = (code: TCountryCode) =>
  DIALING_COUNTRIES.find((country) => country.code === code)?.dialingCode ?? '+1';
