/**
 * The one schema drizzle-kit reads: each feature keeps its tables in its own `*.schema.ts`,
 * re-exported here so migrations are generated from the whole.
 */
export * from '../../modules/accounts/accounts.schema';
export * from '../rate-limit/rate-limit.schema';
export * from '../../modules/videos/videos.schema';
export * from '../../modules/notifications/notifications.schema';
export * from '../../modules/delivery/delivery.schema';
