import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api';

const newKey = () => crypto.randomUUID();

/**
 * One Idempotency-Key per purchase attempt (decision 0160): a double click or a resend after a lost
 * answer sends the same key, so the server charges once and answers the first payment.
 *
 * `settle(error)` after each answer: a success, or a refusal the server did give (a declined card, a
 * wrong field: nothing was charged), ends the attempt, so trying another card is a new purchase with a
 * new key (the provider answers a reused key with its first answer). When no answer came back (network
 * failure, 5xx) the key is kept: the charge may have happened, and the retry must find it.
 */
export function useIdempotencyKey() {
  const [key, setKey] = useState(newKey);
  const settle = useCallback((error?: unknown) => {
    const answered =
      error === undefined || (error instanceof ApiError && error.status >= 400 && error.status < 500);
    if (answered) setKey(newKey());
  }, []);
  return { key, headers: { 'Idempotency-Key': key }, settle };
}
