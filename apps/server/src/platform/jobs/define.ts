import { z } from 'zod';
import cronParser from 'cron-parser';

/** pg-boss refuses a throttling slot longer than its archive interval (12 hours by default). */
const LONGEST_PERIOD_SECONDS = 12 * 60 * 60;

/**
 * When a queue's job is sent by the platform itself, one job a period however many worker processes are
 * up: every `everySeconds` (one job per slot of that length, slots counted on the database's clock), or at
 * each time of a five-field cron expression (UTC; a time no worker was up for is skipped, as cron does).
 */
export type Schedule = { everySeconds: number } | { cron: string };

/** How a worker process takes the queue's jobs (start-time overrides: `handle(…, tuning)`). */
export interface WorkOptions {
  /** Jobs fetched at once per poll (default 1). */
  batchSize: number;
  /** Independent fetch loops per process, so one slow batch does not hold up the next (default 1). */
  loops: number;
  /** Handlers of one batch running at once (default: the whole batch). */
  concurrency: number;
  /** How often an idle loop looks for due jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds: number;
  /** A full batch means more are waiting: fetch again at once instead of after the polling interval. */
  refetchWhenFull: boolean;
  /** How long a stop waits for running handlers before it lets them be (default 60 s). */
  stopWaitSeconds: number;
  /** The queue's schedule (tests shorten it). */
  schedule?: Schedule;
}

export interface QueueDefinition<Payload> {
  /** `<module>.<verb>`: lower case, one dot. */
  name: `${string}.${string}`;
  /** The payload: ids only, the handler re-reads its rows (a job may run long after it was sent). */
  payload: z.ZodType<Payload>;
  /** pg-boss's policy: `short` keeps one queued job per singleton key, `stately` one queued and one active. */
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit: number;
  /** Seconds before the first retry; doubled each time when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /** How long a job may run before pg-boss gives up on it and retries (under 24 h). */
  expireInSeconds: number;
  /** How workers take its jobs; defaults above. */
  work: WorkOptions;
}

/** A failed job's retries: how many, seconds before the first, doubled each time when `backoff`. */
export interface RetrySpec {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

/** What `defineQueue` is given: the work options and the schedule are optional. */
export type QueueSpec<Schema extends z.ZodType> = Omit<
  QueueDefinition<z.output<Schema>>,
  'payload' | 'work' | 'retryLimit' | 'retryDelay' | 'retryBackoff'
> & {
  payload: Schema;
  retry: RetrySpec;
  work?: Partial<WorkOptions>;
  schedule?: Schedule;
};

/** A payload of one row's id: payloads carry ids only, the handler re-reads its rows. */
export function idPayload<Key extends string>(key: Key) {
  return z.object({ [key]: z.number().int().positive() } as { [K in Key]: z.ZodNumber });
}

/** A queue's payload type, e.g. `PayloadOf<typeof videoProcessQueue>`. */
export type PayloadOf<Queue> = Queue extends QueueDefinition<infer Payload> ? Payload : never;

const QUEUE_NAME = /^[a-z]+(?:-[a-z]+)*\.[a-z]+(?:-[a-z]+)*$/;

/** Throws unless the schedule can be kept: a period pg-boss can throttle, a cron expression that parses. */
export function checkSchedule(name: string, schedule: Schedule): void {
  if ('cron' in schedule) {
    try {
      cronParser.parseExpression(schedule.cron, { tz: 'UTC' });
    } catch (error) {
      throw new Error(
        `Queue ${name}: the schedule ${schedule.cron} is not a cron expression (${String(error)}).`,
      );
    }
    return;
  }
  const every = schedule.everySeconds;
  if (!Number.isInteger(every) || every < 1 || every > LONGEST_PERIOD_SECONDS)
    throw new Error(
      `Queue ${name}: a schedule runs every 1 to ${LONGEST_PERIOD_SECONDS} whole seconds, not ${every}.`,
    );
}

/**
 * Defines a queue once, in the module that owns it (decision 0300): its name, its payload schema (the
 * payload's type is the schema's), pg-boss's retry, back-off and expiry, how workers take its jobs and,
 * for a duty the platform runs by itself, its schedule. The module binds the handler in its AppModule
 * (`handle`); the composition root creates the queue, and starts its handler in worker processes.
 */
export function defineQueue<Schema extends z.ZodType>(
  spec: QueueSpec<Schema>,
): QueueDefinition<z.output<Schema>> {
  if (!QUEUE_NAME.test(spec.name))
    throw new Error(`Queue name ${spec.name} is not <module>.<verb> in lower case.`);
  const { schedule, work, retry, ...rest } = spec;
  if (schedule) checkSchedule(spec.name, schedule);
  // The platform sends a scheduled job with an empty payload: the job reads what it needs when it runs.
  if (schedule && !spec.payload.safeParse({}).success)
    throw new Error(`Queue ${spec.name} has a schedule: its payload must be empty ({}).`);
  return {
    ...rest,
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    payload: spec.payload as z.ZodType<z.output<Schema>>,
    work: {
      batchSize: 1,
      loops: 1,
      concurrency: work?.batchSize ?? 1,
      pollingIntervalSeconds: 1,
      refetchWhenFull: false,
      stopWaitSeconds: 60,
      ...work,
      ...(schedule ? { schedule } : {}),
    },
  };
}

/** What a scheduled duty says of itself; the rest is the same for every one. */
export interface DutySpec {
  name: `${string}.${string}`;
  schedule: Schedule;
  /** Retries of a failed run, with back-off (default none: the next period's run does its work). */
  retry?: Omit<RetrySpec, 'backoff'>;
  /** Default 15 minutes. */
  expireInSeconds?: number;
  /** Default the period, at most 30 s: the worker that sends a run takes it at once anyway. */
  pollingIntervalSeconds?: number;
}

/**
 * A duty the platform runs by itself on a schedule, one run a period however many workers are up: a
 * queue with an empty payload (the run reads what it needs) and the `standard` policy (the period's slot
 * already keeps it to one job).
 */
export function defineScheduledQueue(spec: DutySpec): QueueDefinition<Record<string, never>> {
  const { name, schedule, retry = { limit: 0, delaySeconds: 0 }, expireInSeconds = 15 * 60 } = spec;
  const period = 'everySeconds' in schedule ? schedule.everySeconds : 60;
  return defineQueue({
    name,
    payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
    policy: 'standard',
    retry: { ...retry, backoff: retry.limit > 0 },
    expireInSeconds,
    work: { pollingIntervalSeconds: spec.pollingIntervalSeconds ?? Math.min(period, 30) },
    schedule,
  });
}

/** What a queue that sends rows of the mail outbox says of itself; the rest is the same for every one. */
export interface OutboxMailSpec {
  name: `${string}.${string}`;
  /** `short`: one queued job per row at most, so a duty that re-sends lost ones cannot pile up copies. */
  policy: 'standard' | 'short';
  work?: Partial<WorkOptions>;
}

/**
 * A queue whose job sends one row of the mail outbox (`outbox.deliver`, decision 0305): the row's id as
 * payload, eight tries 30 s apart and doubling (a mail server down for a while), five minutes a try.
 */
export function defineOutboxMailQueue(spec: OutboxMailSpec) {
  return defineQueue({
    ...spec,
    payload: idPayload('mailId'),
    retry: { limit: 8, delaySeconds: 30, backoff: true },
    expireInSeconds: 300,
  });
}
