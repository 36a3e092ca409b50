import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users, type AccountType } from '../src/modules/accounts/accounts.schema';
import { videos } from '../src/modules/videos/videos.schema';
import type { DeliveryScheduler, ScheduleInput } from '../src/modules/videos/scheduler';
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

/** Waits until the processing job has finished with the video. */
export async function waitForVideo(ctx: TestContext, id: number, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    const row = await videoRow(ctx, id);
    if (row && (row.state === 'ready' || row.state === 'failed')) return row;
    if (Date.now() - started > timeoutMs) throw new Error(`video ${id} still ${row?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
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
      async schedule(input, tx) {
        calls.push({ op: 'schedule', ...input, inTransaction: tx !== undefined });
      },
      async cancel(videoId, tx) {
        calls.push({ op: 'cancel', videoId, inTransaction: tx !== undefined });
      },
    },
  };
}
