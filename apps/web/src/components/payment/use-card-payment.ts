import { useState } from 'react';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useIdempotencyKey } from './use-idempotency-key';

/**
 * One card payment's attempt: its Idempotency-Key (useIdempotencyKey) and the server's refusal shown at the card
 * form (`refusal`: its message and the fields it names). `start()` before sending clears the last refusal;
 * `paid()` after a success and `refused(error)` after a failure settle the attempt.
 */
export function useCardPayment() {
  const attempt = useIdempotencyKey();
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string>>({});
  return {
    headers: attempt.headers,
    refusal: { serverError, serverFieldErrors },
    start: () => {
      setServerError(null);
      setServerFieldErrors({});
    },
    paid: () => attempt.settle(),
    refused: (error: unknown) => {
      attempt.settle(error);
      setServerError(errorMessage(error));
      setServerFieldErrors(fieldErrors(error));
    },
  };
}
