/** Watch links an owner shares by hand: sent, listed, revoked. */
export { createWatchGrants } from './delivery.grants';
export type { ShareInput, WatchGrants } from './delivery.grants';
