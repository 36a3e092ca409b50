import { defineOutboxMailQueue } from '../../platform/jobs';

/** `memorial.mail`: sends one of the module's rows of the mail outbox, once (sent with the row's transaction). */
export const memorialMailQueue = defineOutboxMailQueue({
  name: 'memorial.mail',
  policy: 'short',
  work: { pollingIntervalSeconds: 2 },
});
