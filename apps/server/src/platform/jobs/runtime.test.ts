import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { z } from 'zod';
import { createTestDatabase } from '../../../test/helpers';
import type { Database } from '../db';
import { startQueue, type PgBoss } from '../queue';
import {
  createQueues,
  defineQueue,
  handle,
  handleBatch,
  nextCronTime,
  sendJob,
  startJobs,
  wakeWorkers,
  type JobsOwner,
  type WorkOptions,
} from '.';

const logger = pino({ level: 'silent' });

/** A queue name of this test: one of its own each time, so tests do not see each other's jobs. */
let queues = 0;
const nextName = () => `probe.run-${'abcdefghijklmnopqrstuvwxyz'[queues++]}` as const;
const common = {
  policy: 'standard',
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  expireInSeconds: 60,
} as const;
const payload = z.object({ n: z.number().int() });
/**
 * How long a test waits for what it set off (a job taken, a state reached) before failing: a bound for a
 * machine kept busy, never a measure of speed. expect.poll's own default (one second) is a race there.
 */
const EVENT = { timeout: 20_000 } as const;
const probeQueue = (work: Partial<WorkOptions> = {}) =>
  defineQueue({ ...common, name: nextName(), payload, work: { pollingIntervalSeconds: 0.5, ...work } });

describe('declaring queues and handlers', () => {
  const queue = probeQueue();
  const other = probeQueue();
  const noop = async () => {};
  // Checked before pg-boss is touched: a wrong declaration never creates anything.
  const boss = {} as PgBoss;

  it('a queue declared without a handler stops the start, naming the queue and its module', async () => {
    await expect(createQueues(boss, [{ name: 'videos', queues: [queue] }])).rejects.toThrow(
      `Queue ${queue.name} (module videos) has no handler: bind one with handle() in its handlers.`,
    );
  });

  it('a handler for a queue no module declares stops the start', async () => {
    const owners: JobsOwner[] = [
      { name: 'videos', queues: [queue], handlers: [handle(queue, noop), handle(other, noop)] },
    ];
    await expect(createQueues(boss, owners)).rejects.toThrow(
      `Module videos handles queue ${other.name}, which no module declares: add it to its queues.`,
    );
  });

  it('a queue declared twice, or handled twice, stops the start', async () => {
    await expect(
      createQueues(boss, [
        { name: 'a', queues: [queue], handlers: [handle(queue, noop)] },
        { name: 'b', queues: [queue] },
      ]),
    ).rejects.toThrow(`Queue ${queue.name} is defined twice (modules a and b).`);
    await expect(
      createQueues(boss, [
        { name: 'a', queues: [queue], handlers: [handle(queue, noop)] },
        { name: 'b', handlers: [handle(queue, noop)] },
      ]),
    ).rejects.toThrow(`Queue ${queue.name} has two handlers (modules a and b).`);
  });

  it('refuses a name that is not <module>.<verb>, and a schedule it cannot keep', () => {
    const empty = z.object({}).strict();
    expect(() => defineQueue({ ...common, name: 'Video_Process.x', payload })).toThrow(
      'Queue name Video_Process.x is not <module>.<verb> in lower case.',
    );
    expect(() =>
      defineQueue({ ...common, name: nextName(), payload: empty, schedule: { cron: 'every day' } }),
    ).toThrow(/the schedule every day is not a cron expression/);
    expect(() =>
      defineQueue({ ...common, name: nextName(), payload: empty, schedule: { everySeconds: 0.5 } }),
    ).toThrow(/a schedule runs every 1 to 43200 whole seconds, not 0.5/);
    // The platform sends a scheduled job without a payload.
    expect(() =>
      defineQueue({ ...common, name: nextName(), payload, schedule: { everySeconds: 60 } }),
    ).toThrow(/its payload must be empty/);
  });

  it('a cron schedule runs at its next time, in UTC', () => {
    expect(nextCronTime('0 3 * * *', new Date('2026-11-26T02:59:59Z')).toISOString()).toBe(
      '2026-11-26T03:00:00.000Z',
    );
    expect(nextCronTime('0 3 * * *', new Date('2026-11-26T03:00:00Z')).toISOString()).toBe(
      '2026-11-27T03:00:00.000Z',
    );
  });
});

describe('running jobs', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let boss: PgBoss;
  let second: PgBoss;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    boss = await startQueue(database, logger, { supervise: false });
    // A second worker process on the same database.
    second = await startQueue(database, logger, { supervise: false });
  });
  afterAll(async () => {
    await second.stop({ graceful: false, wait: true });
    await boss.stop({ graceful: false, wait: true });
    await drop();
  });

  const statesOf = async (name: string) =>
    (
      await database.executeSql('select state from pgboss.job where name = $1 order by created_on', [name])
    ).rows.map((row) => row.state);

  /** Starts `owners` on `on` (created first, as the composition root does). */
  const start = async (owners: JobsOwner[], on = boss) => {
    await createQueues(on, owners);
    return startJobs(on, owners, logger, database.listen);
  };

  it('hands each job its checked payload; a job that throws fails alone, a bad payload never reaches the handler', async () => {
    const queue = probeQueue({ batchSize: 3 });
    const seen: number[] = [];
    const stop = await start([
      {
        name: 'probe',
        queues: [queue],
        handlers: [
          handle(queue, async (job) => {
            seen.push(job.data.n);
            if (job.data.n === 2) throw new Error('two is refused');
          }),
        ],
      },
    ]);
    try {
      await boss.insert([1, 2, 3].map((n) => ({ name: queue.name, data: { n } })));
      await boss.send(queue.name, { n: 'not a number' });
      await expect.poll(() => statesOf(queue.name), EVENT).not.toContain('created');
      await expect
        .poll(async () => (await statesOf(queue.name)).sort())
        .toEqual(['completed', 'completed', 'failed', 'failed']);
      expect(seen.sort()).toEqual([1, 2, 3]);
    } finally {
      await stop();
    }
  });

  it('a batch handler answers each job of its batch', async () => {
    const queue = probeQueue({ batchSize: 4 });
    const stop = await start([
      {
        name: 'probe',
        queues: [queue],
        handlers: [
          handleBatch(queue, async (jobs) =>
            jobs.map((job) =>
              job.data.n % 2
                ? { status: 'fulfilled' as const, value: job.data.n }
                : { status: 'rejected' as const, reason: new Error('even') },
            ),
          ),
        ],
      },
    ]);
    try {
      await boss.insert([1, 2, 3, 4].map((n) => ({ name: queue.name, data: { n } })));
      await expect
        .poll(async () => (await statesOf(queue.name)).sort(), { timeout: 10_000 })
        .toEqual(['completed', 'completed', 'failed', 'failed']);
    } finally {
      await stop();
    }
  });

  /** A worker whose one job runs until `finish()` (or never), started and running when this answers. */
  const startBlocked = async (queue: ReturnType<typeof probeQueue>) => {
    let finish = () => {};
    let started = false;
    const stop = await start([
      {
        name: 'probe',
        queues: [queue],
        handlers: [
          handle(queue, async () => {
            started = true;
            await new Promise<void>((resolve) => (finish = resolve));
          }),
        ],
      },
    ]);
    await sendJob(boss, queue, { n: 1 });
    wakeWorkers(boss, queue);
    await expect.poll(() => started, EVENT).toBe(true);
    return { stop, finish: () => finish() };
  };

  it('a stop waits for the running job, which is recorded done; a job sent meanwhile waits for the next worker', async () => {
    const queue = probeQueue();
    const worker = await startBlocked(queue);
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await sendJob(boss, queue, { n: 2 });
    // The handler is still running: the stop has not finished.
    await expect.poll(() => statesOf(queue.name), EVENT).toEqual(['active', 'created']);
    expect(stopped).toBe(false);
    worker.finish();
    await stopping;
    expect(await statesOf(queue.name)).toEqual(['completed', 'created']);
  });

  it('a stop waits for a running job only as long as the queue says', async () => {
    // Its job never ends: the stop returns all the same (else the test times out), having waited its
    // second (a timer never fires early), and leaves the job unfinished.
    const queue = probeQueue({ stopWaitSeconds: 1 });
    const worker = await startBlocked(queue);
    const before = Date.now();
    await worker.stop();
    expect(Date.now() - before).toBeGreaterThanOrEqual(900);
    expect(await statesOf(queue.name)).toEqual(['active']);
    // Ended here, while its database is open: pg-boss records a run's end even after its worker has
    // stopped, and a run left to its expiry would be failed a minute later on a closed database, during
    // whichever test file this process runs next.
    worker.finish();
    await expect.poll(() => statesOf(queue.name), EVENT).toEqual(['completed']);
  });

  it('a run that outlived its expiry leaves the outcome to pg-boss: its retry is not recorded done by it', async () => {
    const queue = defineQueue({
      ...common,
      name: nextName(),
      payload,
      retry: { limit: 1, delaySeconds: 0, backoff: false },
      expireInSeconds: 2,
      work: { pollingIntervalSeconds: 0.5 },
    });
    const runs: Array<() => void> = [];
    const stop = await start([
      {
        name: 'probe',
        queues: [queue],
        handlers: [handle(queue, () => new Promise<void>((resolve) => runs.push(resolve)))],
      },
    ]);
    try {
      await sendJob(boss, queue, { n: 1 });
      wakeWorkers(boss, queue);
      // pg-boss gives the first run up after 2 s and starts the retry on the same row.
      await expect.poll(() => runs.length, EVENT).toBe(2);
      runs[0]!();
      await expect.poll(() => statesOf(queue.name), EVENT).toEqual(['active']);
      runs[1]!();
      await expect.poll(() => statesOf(queue.name), EVENT).toEqual(['completed']);
    } finally {
      await stop();
    }
  });

  it('a job is taken as it is sent or its transaction commits, from any process, not at the next poll', async () => {
    // The next poll is an hour away: a job taken during the test was taken because it was announced.
    const queue = probeQueue({ pollingIntervalSeconds: 3600 });
    const ran: number[] = [];
    const owners = [
      { name: 'probe', queues: [queue], handlers: [handle(queue, async (job) => void ran.push(job.data.n))] },
    ];
    // Sent before the start, the first job is what the loop's first fetch takes; it then sleeps its hour.
    await createQueues(boss, owners);
    await sendJob(boss, queue, { n: 1 });
    const stop = await start(owners);
    try {
      await expect.poll(() => statesOf(queue.name), EVENT).toEqual(['completed']);
      // In a transaction: announced as it commits. One rolled back leaves neither a job nor a run.
      await database.db.transaction(async (tx) => {
        await sendJob(boss, queue, { n: 2 }, { tx });
      });
      await expect.poll(() => ran, EVENT).toEqual([1, 2]);
      await expect(
        database.db.transaction(async (tx) => {
          await sendJob(boss, queue, { n: 3 }, { tx });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      // Sent by another process, outside a transaction.
      await sendJob(second, queue, { n: 4 });
      await expect.poll(() => ran, EVENT).toEqual([1, 2, 4]);
      expect(await statesOf(queue.name)).toEqual(['completed', 'completed', 'completed']);
    } finally {
      await stop();
    }
  });

  it('a scheduled queue runs once a period however many workers start in it', async () => {
    const queue = defineQueue({
      ...common,
      name: nextName(),
      payload: z.object({}).strict(),
      // No poll before the hour is over: the first run is taken because the worker sent it.
      work: { pollingIntervalSeconds: 3600 },
      schedule: { everySeconds: 3600 },
    });
    let runs = 0;
    const owners = (): JobsOwner[] => [
      { name: 'probe', queues: [queue], handlers: [handle(queue, async () => void runs++)] },
    ];
    // The first worker sends the hour's job as it starts, and takes it at once.
    const stopFirst = await start(owners());
    await expect.poll(() => runs, EVENT).toBe(1);
    await expect.poll(() => statesOf(queue.name), EVENT).toEqual(['completed']);
    // A second worker (and the first one again) start in the same hour: its job is already done.
    const stopSecond = await start(owners(), second);
    await stopFirst();
    const stopAgain = await start(owners());
    expect(await statesOf(queue.name)).toEqual(['completed']);
    expect(runs).toBe(1);
    await stopSecond();
    await stopAgain();
  });

  it('a module starts before its handlers and stops after them', async () => {
    const queue = probeQueue();
    const steps: string[] = [];
    const stop = await start([
      {
        name: 'probe',
        queues: [queue],
        handlers: [handle(queue, async () => void steps.push('job'))],
        worker: {
          start: async () => void steps.push('start'),
          stop: async () => void steps.push('stop'),
        },
      },
    ]);
    await sendJob(boss, queue, { n: 1 });
    wakeWorkers(boss, queue);
    await expect.poll(() => steps, EVENT).toEqual(['start', 'job']);
    await stop();
    expect(steps).toEqual(['start', 'job', 'stop']);
  });
});
