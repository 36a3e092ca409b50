export { PaymentCardForm, type PaymentCardValues } from './PaymentCardForm';
export { useIdempotencyKey } from './use-idempotency-key';
