export { PaymentCardForm, type PaymentCardValues } from './PaymentCardForm';
export { useIdempotencyKey } from './use-idempotency-key';
export { useCardPayment } from './use-card-payment';
export { ExtraTimePayment, NO_RATE_MESSAGE } from './ExtraTimePayment';
export { UnusedExtraTime } from './UnusedExtraTime';
