/**
 * The one job runtime (decision 0300): `defineQueue` in the module that owns a queue, `handle` /
 * `handleBatch` to bind its handler in the module's AppModule, `sendJob` to send, and the composition
 * root's `createQueues` / `startJobs`.
 */
export {
  defineQueue,
  defineScheduledQueue,
  defineOutboxMailQueue,
  idPayload,
  checkSchedule,
  type QueueDefinition,
  type PayloadOf,
  type Schedule,
  type WorkOptions,
  type RetrySpec,
} from './define';
export { sendJob, sendJobs, type SendOptions } from './send';
export { wakeWorkers, announceJob, JOB_SENT_CHANNEL } from './wake';
export {
  handle,
  handleBatch,
  checkQueues,
  createQueues,
  startJobs,
  nextCronTime,
  type Job,
  type JobHandler,
  type JobsOwner,
} from './runtime';
