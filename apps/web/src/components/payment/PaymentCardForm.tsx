import { CARD_NUMBER_MAX_DIGITS, CVV_MAX_DIGITS, paymentCardFields } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';

/** The four card fields of docs/product.md §13.4, as typed. */
export interface PaymentCardValues {
  card_holder_name: string;
  card_no: string;
  expiry_date: string;
  cvv: string;
}

const EMPTY: PaymentCardValues = { card_holder_name: '', card_no: '', expiry_date: '', cvv: '' };

/**
 * The payment form every purchase shares (plans, renewals, extra minutes, later banner plans): docs/product.md §13.6
 * — all four fields required, card number and CVV numeric, CVV at most 3 — checked with the
 * contract's own schema before sending. Whether the card is accepted is the provider's answer, shown
 * beneath in red (docs/product.md §13.5). The caller owns the call, so it also owns the Idempotency-Key.
 */
export function PaymentCardForm({
  amount,
  submitting,
  serverError,
  serverFieldErrors = {},
  onSubmit,
}: {
  /** The price to pay, e.g. '4.99' (shown with '$' on the button). */
  amount: string;
  submitting: boolean;
  serverError?: string | null;
  serverFieldErrors?: Record<string, string>;
  onSubmit: (values: PaymentCardValues) => void;
}) {
  const {
    register,
    handleSubmit,
    errorOf: clientError,
  } = useBodyForm<PaymentCardValues>({
    schema: paymentCardFields,
    defaultValues: EMPTY,
  });
  const errorOf = (field: keyof PaymentCardValues) => clientError(field) ?? serverFieldErrors[field];

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-label="Payment">
      <TextField
        id="card-holder-name"
        label="Card Holder Name"
        markRequired
        autoComplete="cc-name"
        maxLength={100}
        error={errorOf('card_holder_name')}
        {...register('card_holder_name')}
      />
      <TextField
        id="card-no"
        label="Card Number"
        markRequired
        inputMode="numeric"
        autoComplete="cc-number"
        // Room for the digits and the spaces people type between groups of four.
        maxLength={CARD_NUMBER_MAX_DIGITS + 5}
        placeholder="4242 4242 4242 4242"
        error={errorOf('card_no')}
        {...register('card_no')}
      />
      <div className="row g-3">
        <div className="col-7">
          <TextField
            id="card-expiry"
            label="Expiry Date"
            markRequired
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={7}
            error={errorOf('expiry_date')}
            {...register('expiry_date')}
          />
        </div>
        <div className="col-5">
          <TextField
            id="card-cvv"
            label="CVV"
            markRequired
            type="password"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={CVV_MAX_DIGITS}
            error={errorOf('cvv')}
            {...register('cvv')}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary w-100 mt-2" disabled={submitting}>
        {submitting ? 'Paying…' : `Pay $${amount}`}
      </button>
      {/* Said once: a refusal already shown under its field is not repeated under the button. */}
      <FormError
        message={Object.values(serverFieldErrors).includes(serverError ?? '') ? null : serverError}
      />
    </form>
  );
}
