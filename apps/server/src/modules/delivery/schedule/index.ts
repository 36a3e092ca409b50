/** The scheduler the videos module calls: a body read into a delivery row, shown back, held, cancelled; the watch page. */
export { MEMBERSHIP_NEEDED_MESSAGE } from './delivery.allowance';
export type { HoldsMembership } from './delivery.allowance';
export { registerDeliveryRoutes } from './delivery.routes';
export { createDeliveryService } from './delivery.service';
export type { DeliveryService } from './delivery.service';
