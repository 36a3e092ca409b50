import { handle } from '../../../platform/jobs';
import { addressCheckQueue, addressMailQueue } from './delivery.address-check.queue';
import type { AddressCheck } from './delivery.address-check.service';

/** The duty (its period from ADDRESS_CHECK_EVERY_SECONDS) and the mails' jobs. */
export function addressCheckHandlers(addressCheck: AddressCheck, everySeconds: () => number) {
  return [
    handle(
      addressCheckQueue,
      () => addressCheck.run(),
      () => ({ schedule: { everySeconds: everySeconds() } }),
    ),
    handle(addressMailQueue, (job) => addressCheck.sendMail(job.data.mailId)),
  ];
}
