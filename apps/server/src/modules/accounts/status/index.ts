/** Deactivating and activating accounts, and what each stops or brings back. */
export { createAccountStatusRepo } from './account-status.repo';
export { registerAccountStatusRoutes } from './account-status.routes';
export { createAccountStatusService } from './account-status.service';
export type { ResumeDeliveries } from './account-status.service';
