import { handle, type JobHandler } from '../../platform/jobs';
import type { PolicyService } from './policy.service';
import { policyAnnounceQueue, policyMailQueue } from './policy.queue';

/**
 * The handlers of the policy's queues (ROLE=worker|all); the announcement's period from
 * POLICY_ANNOUNCE_EVERY_SECONDS.
 */
export function policyHandlers(service: PolicyService, everySeconds: () => number): JobHandler[] {
  return [
    // One batch a run: the schedule is the pace (policy.queue.ts).
    handle(
      policyAnnounceQueue,
      async () => {
        await service.recordVersion();
        await service.announceNext();
      },
      () => ({ schedule: { everySeconds: everySeconds() } }),
    ),
    // A failure is recorded on the outbox row and thrown: the job is retried with the queue's back-off.
    handle(policyMailQueue, (job) => service.sendMail(job.data.mailId)),
  ];
}
