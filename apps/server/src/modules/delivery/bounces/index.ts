/** Bounces: the mail server's reports and the worker's refusals, and the second address they send to. */
export { registerBounceRoute } from './delivery.bounce-route';
export { afterUndelivered, applyBounceReport } from './delivery.bounces';
export type { BounceDeps } from './delivery.bounces';
