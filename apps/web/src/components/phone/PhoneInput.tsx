import type { TCountryCode } from 'countries-list';
import { FieldError } from '@/components/form/FieldError';
import { Label } from '@/components/form/Label';
import { DIALING_COUNTRIES } from './countries';

/** docs/product.md §13.6, §13.7: at most 15 digits. */
export const PHONE_MAX_DIGITS = 15;

/**
 * A phone number with its country (docs/product.md §13.6: a country picker defaulting to US, 15 digits at most).
 * A native select keeps it small and keyboard-friendly (type a country's first letters to jump to it);
 * the number field accepts digits only.
 */
export function PhoneInput({
  id,
  label,
  country,
  phone,
  onCountryChange,
  onPhoneChange,
  required,
  error,
}: {
  id: string;
  label: string;
  country: TCountryCode;
  phone: string;
  onCountryChange: (country: TCountryCode) => void;
  onPhoneChange: (digits: string) => void;
  required?: boolean;
  error?: string;
}) {
  return (
    <div className="mb-3">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <div className="input-group phone-input">
        <select
          className="form-select phone-country"
          aria-label="Country calling code"
          value={country}
          onChange={(event) => onCountryChange(event.target.value as TCountryCode)}
        >
          {DIALING_COUNTRIES.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name} ({item.dialingCode})
            </option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className={`form-control${error ? ' is-invalid' : ''}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          value={phone}
          onChange={(event) =>
            onPhoneChange(event.target.value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS))
          }
        />
      </div>
      <div id={`${id}-hint`} className="form-text">
        Digits only, up to {PHONE_MAX_DIGITS}.
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
