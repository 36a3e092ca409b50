import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, type AccountType } from '../src/modules/accounts/accounts.schema';
import { videos } from '../src/modules/videos/videos.schema';
import { createStoredUploadStore } from '../src/modules/videos/uploads';
import { createVideoJobs, VIDEO_PROCESS_QUEUE } from '../src/modules/videos/conversion';
import { createVideosRepo, type VideosRepo } from '../src/modules/videos/videos.repo';
import { createVideoService, type VideoServiceDeps } from '../src/modules/videos/videos.service';
import type { ProcessDeps } from '../src/modules/videos/conversion';
import type { DeliveryScheduler } from '../src/modules/videos/scheduler';
import { scheduleFrom, type ScheduleInput } from '../src/modules/delivery/schedule/delivery.schedule';
import { multipart, type TestContext } from './helpers';

export interface TestAccount {
  id: number;
  token: string;
  email: string;
  headers: { authorization: string };
}

/** A signed-in account made directly in the database (sign-up is another module's business). */
export async function createAccount(
  ctx: TestContext,
  type: AccountType = 'user',
  extra: { status?: number; firstName?: string } = {},
): Promise<TestAccount> {
  const email = `${type}-${randomBytes(4).toString('hex')}@example.test`;
  const [row] = await ctx.deps.db
    .insert(users)
    .values({
      type,
      email,
      passwordHash: 'not-used',
      firstName: extra.firstName ?? 'Ada',
      lastName: 'Lovelace',
      status: extra.status ?? 1,
    })
    .returning();
  const token = await ctx.deps.sessions.create(row!.id, false);
  return { id: row!.id, token, email, headers: { authorization: `Bearer ${token}` } };
}

export async function setAccountStatus(ctx: TestContext, id: number, status: number) {
  await ctx.deps.db.update(users).set({ status }).where(eq(users.id, id));
}

export async function videoRow(ctx: TestContext, id: number) {
  const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, id));
  return row ?? null;
}

/** The state of the processing job of a video in pg-boss (null before it is queued). */
export async function processJobState(ctx: TestContext, id: number): Promise<string | null> {
  const { rows } = await ctx.deps.database.executeSql(
    `select state from pgboss.job where name = $1 and singleton_key = $2 order by created_on desc limit 1`,
    [VIDEO_PROCESS_QUEUE, `${id}:process`],
  );
  return (rows[0]?.state as string | undefined) ?? null;
}

/**
 * Waits until processing is over: the row is ready or failed and the job has finished its clean-up
 * (sources and temporary files are removed after the row changes).
 */
export async function waitForVideo(ctx: TestContext, id: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const row = await videoRow(ctx, id);
    const done = row && (row.state === 'ready' || row.state === 'failed');
    if (done && ['completed', 'failed'].includes((await processJobState(ctx, id)) ?? '')) return row;
    if (Date.now() - started > timeoutMs) throw new Error(`video ${id} still ${row?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits for the row only (the moment the video becomes playable). */
export async function waitForReadyRow(ctx: TestContext, id: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const row = await videoRow(ctx, id);
    if (row && (row.state === 'ready' || row.state === 'failed')) return row;
    if (Date.now() - started > timeoutMs) throw new Error(`video ${id} still ${row?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A multipart body with the clips as `videos[]`, in order. */
export async function clipsBody(fields: Record<string, string | string[]>, clips: string[]) {
  const files = await Promise.all(
    clips.map(async (clip) => ({
      field: 'videos[]',
      filename: path.basename(clip),
      contentType: 'application/octet-stream',
      content: await fs.readFile(clip),
    })),
  );
  return multipart(fields, files);
}

/** Every file under a folder (relative paths), to check that nothing was left behind. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export type SchedulerCall =
  | ({ op: 'schedule'; inTransaction: boolean } & ScheduleInput)
  | { op: 'cancel'; videoId: number; inTransaction: boolean };

/** The delivery module is built elsewhere: this records what the video service asks of it. */
export function recordingScheduler(): { scheduler: DeliveryScheduler; calls: SchedulerCall[] } {
  const calls: SchedulerCall[] = [];
  return {
    calls,
    scheduler: {
      // The schedule is read as the delivery module reads it: what the video service hands back is recorded.
      read: scheduleFrom,
      async schedule(input, tx) {
        calls.push({ op: 'schedule', ...input, inTransaction: tx !== undefined });
      },
      async cancel(videoId, tx) {
        calls.push({ op: 'cancel', videoId, inTransaction: tx !== undefined });
      },
    },
  };
}

/** The video service on the test context's parts, with some replaced (e.g. a repo that loses a race). */
export function videoServiceFor(ctx: TestContext, overrides: Partial<VideoServiceDeps> = {}) {
  return createVideoService({
    db: ctx.deps.db,
    repo: createVideosRepo(ctx.deps.db),
    storage: ctx.deps.storage,
    media: ctx.deps.media,
    clock: ctx.clock,
    scheduler: ctx.deps.deliveryScheduler,
    payments: ctx.deps.videoPayments,
    jobs: createVideoJobs(ctx.deps.queue, ctx.deps.db),
    uploads: createStoredUploadStore(
      ctx.deps.storage,
      createVideosRepo(ctx.deps.db),
      path.join(ctx.dataDir, 'tmp'),
    ),
    secret: ctx.deps.secret,
    logger: ctx.deps.logger,
    releaseOf: (ownerId, tx) => ctx.deps.legacy.releaseOf(ownerId, tx),
    ...overrides,
  });
}

/** What the processing job runs on, from the test context's parts (a silent logger). */
export function processDepsFor(ctx: TestContext, repo: VideosRepo): ProcessDeps {
  return {
    db: ctx.deps.db,
    repo,
    storage: ctx.deps.storage,
    media: ctx.deps.media,
    jobs: createVideoJobs(ctx.deps.queue, ctx.deps.db),
    payments: ctx.deps.videoPayments,
    tmpDir: path.join(ctx.dataDir, 'tmp'),
    logger: { error() {}, warn() {}, info() {} },
  };
}

/** The files under `dir` (relative paths) holding any of `needles` byte for byte. */
export async function filesContaining(dir: string, needles: Buffer[]): Promise<string[]> {
  const found: string[] = [];
  for (const name of await filesUnder(dir)) {
    const content = await fs.readFile(path.join(dir, name));
    if (needles.some((needle) => content.includes(needle))) found.push(name);
  }
  return found;
}

/** Byte strings that show a stored video in the clear: its `ftyp` box and 64-byte slices of it. */
export function plaintextMarks(...files: Buffer[]): Buffer[] {
  return files.flatMap((file) => [
    ...(file.subarray(4, 8).toString('latin1') === 'ftyp' ? [file.subarray(4, 12)] : []),
    file.subarray(Math.floor(file.length / 2), Math.floor(file.length / 2) + 64),
    file.subarray(file.length - 64),
  ]);
}
