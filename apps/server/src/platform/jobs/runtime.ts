import type { FastifyBaseLogger } from 'fastify';
import type PgBossNs from 'pg-boss';
import pLimit from 'p-limit';
import cronParser from 'cron-parser';
import type { PgBoss } from '../queue';
import type { QueueDefinition, Schedule, WorkOptions } from './define';
import { sendJob } from './send';
import { setLocalLoops, wakeOnAnnouncements } from './wake';
import type { Listen } from '../db';

/** One job as its handler sees it: the checked payload and what pg-boss says of its attempts. */
export interface Job<Payload> {
  id: string;
  data: Payload;
  retryCount: number;
  retryLimit: number;
  expireInSeconds: number;
  /** pg-boss will not retry it after this run: a failure is final. */
  lastAttempt: boolean;
}

type Outcome = PromiseSettledResult<unknown>;

/**
 * A queue's handler, bound by the module that owns the queue to its services (`handle`, `handleBatch`).
 * The runtime fetches the jobs, checks their payloads, counts them in flight, records each job's outcome
 * in pg-boss (a failed one is retried with the queue's back-off), and stops gracefully.
 */
export interface JobHandler {
  queue: QueueDefinition<unknown>;
  /** Start-time overrides of the queue's work options (tests and the bench tune them). */
  tuning?: () => Partial<WorkOptions> | undefined;
  /** Runs one fetched batch (payloads checked) and answers each job's outcome, in order. */
  run(jobs: Array<Job<unknown>>, limit: <T>(task: () => Promise<T>) => Promise<T>): Promise<Outcome[]>;
}

/** The handler of each job on its own: a job that throws fails alone; `concurrency` of a batch at once. */
export function handle<Payload>(
  queue: QueueDefinition<Payload>,
  handler: (job: Job<Payload>) => Promise<unknown>,
  tuning?: () => Partial<WorkOptions> | undefined,
): JobHandler {
  return {
    queue: queue as QueueDefinition<unknown>,
    tuning,
    run: (jobs, limit) => Promise.allSettled(jobs.map((job) => limit(() => handler(job as Job<Payload>)))),
  };
}

/** The handler of a whole batch at once (e.g. one claim for many deliveries): it answers each job's outcome. */
export function handleBatch<Payload>(
  queue: QueueDefinition<Payload>,
  handler: (jobs: Array<Job<Payload>>) => Promise<Outcome[]>,
  tuning?: () => Partial<WorkOptions> | undefined,
): JobHandler {
  return {
    queue: queue as QueueDefinition<unknown>,
    tuning,
    run: (jobs) => handler(jobs as Array<Job<Payload>>),
  };
}

/** What the runtime reads of a module: its queues, their handlers, and what its handlers need opened. */
export interface JobsOwner {
  name: string;
  queues?: Array<QueueDefinition<unknown>>;
  handlers?: JobHandler[];
  worker?: {
    /** Before its first job: what its handlers need (a lock connection, a pool) and catching up after a crash. */
    start?(): Promise<void>;
    /** After its last running job ended (or the wait's bound passed). */
    stop?(): Promise<void>;
  };
}

/**
 * Every declared queue has exactly one handler and every handler's queue is declared, by name, across
 * all modules: a mistake here stops the start (every process, API ones too) instead of leaving jobs that
 * nobody runs.
 */
export function checkQueues(owners: JobsOwner[]): Array<QueueDefinition<unknown>> {
  const declared = new Map<string, string>();
  for (const owner of owners)
    for (const queue of owner.queues ?? []) {
      const other = declared.get(queue.name);
      if (other)
        throw new Error(`Queue ${queue.name} is defined twice (modules ${other} and ${owner.name}).`);
      declared.set(queue.name, owner.name);
    }
  const handled = new Map<string, string>();
  for (const owner of owners)
    for (const { queue } of owner.handlers ?? []) {
      if (!declared.has(queue.name))
        throw new Error(
          `Module ${owner.name} handles queue ${queue.name}, which no module declares: add it to its queues.`,
        );
      const other = handled.get(queue.name);
      if (other)
        throw new Error(`Queue ${queue.name} has two handlers (modules ${other} and ${owner.name}).`);
      handled.set(queue.name, owner.name);
    }
  for (const [name, owner] of declared)
    if (!handled.has(name))
      throw new Error(
        `Queue ${name} (module ${owner}) has no handler: bind one with handle() in its handlers.`,
      );
  return owners.flatMap((owner) => owner.queues ?? []);
}

/**
 * Creates every queue, or brings an existing one in line with its definition (an upgrade may change its
 * retries or policy), after checking the modules' declarations.
 */
export async function createQueues(boss: PgBoss, owners: JobsOwner[]): Promise<void> {
  for (const queue of checkQueues(owners)) {
    const { name, policy, retryLimit, retryDelay, retryBackoff, expireInSeconds } = queue;
    const options = { name, policy, retryLimit, retryDelay, retryBackoff, expireInSeconds };
    await boss.createQueue(name, options);
    await boss.updateQueue(name, options);
  }
}

/** The first time of a cron schedule strictly after `at` (UTC). */
export function nextCronTime(cron: string, at: Date): Date {
  return cronParser.parseExpression(cron, { tz: 'UTC', currentDate: at }).next().toDate();
}

const LONGEST_TIMER_MS = 2 ** 31 - 1;

interface Running {
  stop(): Promise<void>;
}

/**
 * Sends a scheduled queue's job once a period from this process; the slot (counted by the database) or,
 * for a cron time, its key keeps it to one job a period however many processes send. A period schedule
 * sends its first job as the worker starts (the start waits for it). Answers how to stop.
 */
async function keepSchedule(
  boss: PgBoss,
  queue: QueueDefinition<unknown>,
  schedule: Schedule,
  logger: Pick<FastifyBaseLogger, 'error'>,
): Promise<() => void> {
  // Announced as it is sent (wake.ts): this process's loop takes it now rather than at its next poll.
  const send = (options: { singletonSeconds: number; singletonKey?: string }) =>
    sendJob(boss, queue, {}, options).then(
      () => undefined,
      (err: unknown) => logger.error({ err, queue: queue.name }, 'could not send a scheduled job'),
    );
  if ('everySeconds' in schedule) {
    const tick = () => send({ singletonSeconds: schedule.everySeconds });
    await tick();
    const timer = setInterval(() => void tick(), schedule.everySeconds * 1000);
    timer.unref();
    return () => clearInterval(timer);
  }
  // A cron time is sent a moment after it, so a clock a little ahead of the database's still counts it
  // in its minute; the time itself is the key.
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const at = nextCronTime(schedule.cron, new Date());
    const wait = at.getTime() - Date.now() + 2000;
    // A timer waits at most about 24 days: a time further away is armed again when that has passed.
    timer =
      wait > LONGEST_TIMER_MS
        ? setTimeout(arm, LONGEST_TIMER_MS)
        : setTimeout(() => {
            void send({ singletonSeconds: 60, singletonKey: at.toISOString() });
            arm();
          }, wait);
    timer.unref();
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Starts one queue's handler in this process: its fetch loops and its schedule. */
async function startHandler(boss: PgBoss, handler: JobHandler, logger: FastifyBaseLogger): Promise<Running> {
  const { queue } = handler;
  const options: WorkOptions = { ...queue.work, ...handler.tuning?.() };
  const running = new Set<Promise<unknown>>();
  const loopIds: string[] = [];

  /**
   * Records each job's outcome in pg-boss before the batch counts as finished (so a stop waiting for it
   * leaves nothing half-done), unless the batch outlived its expiry: pg-boss failed it then, and a retry
   * may already be running on the same row, so the outcome is left to pg-boss.
   */
  const record = async (jobs: Array<Job<unknown>>, outcomes: Outcome[], deadline: number) => {
    const failed = outcomes.flatMap((outcome, i) =>
      outcome.status === 'rejected' ? [{ job: jobs[i]!, outcome }] : [],
    );
    for (const { job, outcome } of failed)
      logger.warn(
        { err: outcome.reason, queue: queue.name, jobId: job.id, payload: job.data },
        'job failed; pg-boss retries it while attempts remain',
      );
    if (Date.now() > deadline) {
      if (failed.length) throw failed[0]!.outcome.reason;
      return;
    }
    await Promise.all(
      failed.map(({ job, outcome }) =>
        boss
          .fail(queue.name, job.id, { message: String(outcome.reason) })
          .catch((err: unknown) => logger.error({ err, queue: queue.name }, 'could not record a failed job')),
      ),
    );
    const done = jobs.filter((_, i) => outcomes[i]!.status === 'fulfilled').map((job) => job.id);
    if (done.length) await boss.complete(queue.name, done);
  };

  const runBatch = async (raw: Array<PgBossNs.JobWithMetadata<object>>) => {
    // pg-boss gives a batch up at its longest expiry; a second's margin keeps clear of that moment.
    const deadline = Date.now() + Math.max(...raw.map((job) => job.expireInSeconds)) * 1000 - 1000;
    const checked: Array<Job<unknown>> = [];
    const refused: Array<Job<unknown>> = [];
    const reasons: Outcome[] = [];
    for (const job of raw) {
      const parsed = queue.payload.safeParse(job.data);
      const base = {
        id: job.id,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        expireInSeconds: job.expireInSeconds,
        lastAttempt: job.retryCount >= job.retryLimit,
      };
      if (parsed.success) checked.push({ ...base, data: parsed.data });
      else {
        refused.push({ ...base, data: job.data });
        reasons.push({ status: 'rejected', reason: new Error(`bad payload: ${parsed.error.message}`) });
      }
    }
    if (refused.length) await record(refused, reasons, deadline);
    if (checked.length === 0) return;
    // Per batch: a batch pg-boss gave up on must not hold up the next one (a retry of its own job).
    const outcomes = await handler
      .run(checked, pLimit(Math.max(1, options.concurrency)))
      .catch((error: unknown) => checked.map((): Outcome => ({ status: 'rejected', reason: error })));
    await record(checked, outcomes, deadline);
  };

  for (let i = 0; i < Math.max(1, options.loops); i++) {
    const id = await boss.work<object>(
      queue.name,
      {
        batchSize: options.batchSize,
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        includeMetadata: true,
      },
      async (jobs) => {
        const batch = runBatch(jobs);
        running.add(batch);
        try {
          await batch;
        } finally {
          running.delete(batch);
        }
        if (options.refetchWhenFull && jobs.length === options.batchSize) boss.notifyWorker(id);
      },
    );
    loopIds.push(id);
  }
  setLocalLoops(boss, queue, loopIds);

  const stopSchedule = options.schedule
    ? await keepSchedule(boss, queue, options.schedule, logger)
    : () => {};

  return {
    async stop() {
      stopSchedule();
      setLocalLoops(boss, queue, []);
      await Promise.all(loopIds.map((id) => boss.offWork({ id })));
      // pg-boss stops fetching but does not wait: the running batches are awaited here, within a bound.
      const bound = options.stopWaitSeconds * 1000;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, bound);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

/**
 * Starts every module's handlers (ROLE=worker|all) in module order: first the module's own start (what
 * its handlers need), then its queues' loops and schedules. Answers how to stop, in reverse: each
 * module's loops, waiting for their running jobs, then the module's own stop.
 */
export async function startJobs(
  boss: PgBoss,
  owners: JobsOwner[],
  logger: FastifyBaseLogger,
  listen: Listen,
): Promise<() => Promise<void>> {
  checkQueues(owners);
  const stops: Array<() => Promise<void>> = [];
  const labels: string[] = [];
  // First: a job announced while the loops start wakes the ones already running.
  const unlisten = await wakeOnAnnouncements(boss, listen, logger);
  stops.push(unlisten);
  try {
    for (const owner of owners) {
      if (!owner.handlers?.length && !owner.worker) continue;
      await owner.worker?.start?.();
      const running: Running[] = [];
      for (const handler of owner.handlers ?? []) {
        running.push(await startHandler(boss, handler, logger));
        labels.push(handler.queue.name);
      }
      stops.push(async () => {
        await Promise.all(running.map((each) => each.stop()));
        await owner.worker?.stop?.();
      });
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
  logger.info(`workers: ${labels.join(', ')}`);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
