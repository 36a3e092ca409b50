/** Subscriptions: bought, renewed, expired and resumed; their log and the expiry duty. */
export { createExpiryRun } from './subscriptions.expiry';
export type { ExpireSubscriptions } from './subscriptions.expiry';
export { createSubscriptionLog } from './subscriptions.log';
export type { SubscriptionLog } from './subscriptions.log';
export { expireSubscriptionsQueue } from './subscriptions.queue';
export { createSubscriptionsRepo } from './subscriptions.repo';
export { registerSubscriptionRoutes } from './subscriptions.routes';
export { createSubscriptionsService } from './subscriptions.service';
export type { HeldKind, SubscriptionsService } from './subscriptions.service';
