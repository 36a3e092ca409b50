/** Sending: the worker's claims of due deliveries, the SMTP exchange, its retries and what it tells the owner. */
export { deliveryHandlers } from './delivery.worker';
