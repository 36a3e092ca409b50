/** The yearly address check of far deliveries: its duty, its mails, its confirmation links. */
export { createAddressCheck } from './delivery.address-check.service';
export type { AddressCheck } from './delivery.address-check.service';
export { registerAddressCheckRoutes } from './delivery.address-check.routes';
export { addressCheckHandlers } from './delivery.address-check.worker';
export { addressCheckQueue, addressMailQueue } from './delivery.address-check.queue';
