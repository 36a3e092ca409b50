import { MEDIA_MESSAGES, dashboardRoutes, notificationKinds, routeUrl, videoRoutes } from '@pw/contracts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import { signedMediaUrl } from '../../platform/http/signed-url';
import { DEFAULT_CHUNK_SIZE, HEADER_SIZE, TAG_SIZE } from '../../platform/storage/encrypted-format';
import { storedObjectRecords } from '../../platform/storage/object-records.schema';
import { ADMIN_ENV, get, signInAdmin, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { videos } from '../videos/videos.schema';

/**
 * A read that fails its integrity check is said at once (decision 0340): 410 with the damaged-file text,
 * the video marked damaged, the owner told and the admin's count raised, without waiting for the sweep.
 */
describe('a damaged video read through its signed URL', () => {
  let owner: SignedIn;
  let admin: SignedIn;
  const ctx = contextForSuite(ADMIN_ENV);
  const bytes = randomBytes(3 * DEFAULT_CHUNK_SIZE);

  const onDisk = (key: string) => path.join(ctx.dataDir, 'media', key);
  const play = (key: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: signedMediaUrl(ctx.deps.secret, key, ctx.clock.now()), headers });
  /** A video whose stored file has one byte flipped in the given sealed chunk. */
  async function damagedVideo(title: string, chunk: number) {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title });
    const [row] = await ctx.deps.db.select({ key: videos.mediaKey }).from(videos).where(eq(videos.id, id));
    const key = row!.key!;
    await ctx.deps.storage.put(key, bytes, 'video/mp4');
    const stored = await fs.readFile(onDisk(key));
    const at = HEADER_SIZE + chunk * (DEFAULT_CHUNK_SIZE + TAG_SIZE) + 100;
    stored[at] = stored[at]! ^ 0x10;
    await fs.writeFile(onDisk(key), stored);
    return { id, key };
  }
  const record = async (key: string) =>
    (await ctx.deps.db.select().from(storedObjectRecords).where(eq(storedObjectRecords.key, key)))[0]!;
  const detail = async (id: number) =>
    (await get(ctx, routeUrl(videoRoutes.detail, { id }), owner.token)).json().data;
  const ownerNotices = () =>
    ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, notificationKinds.mediaDamaged)));

  beforeAll(async () => {
    owner = await signUpUser(ctx);
    admin = await signInAdmin(ctx);
  });

  it('a changed byte at the start answers 410 with the damaged-file text, never a bare 500', async () => {
    const { id, key } = await damagedVideo('Changed at the start', 0);
    expect((await detail(id)).damaged).toBe(false);
    const response = await play(key);
    expect(response.statusCode).toBe(410);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().message).toBe(MEDIA_MESSAGES.damaged);
    // Marked at once: the video says so and the next request is refused before any read.
    expect(await record(key)).toMatchObject({ damage: 'altered' });
    expect((await detail(id)).damaged).toBe(true);
    expect((await play(key, { range: 'bytes=0-99' })).statusCode).toBe(410);
  });

  it('the owner is told and the admin dashboard counts it, without a sweep', async () => {
    await expect
      .poll(async () => (await ownerNotices()).map((notice) => notice.title))
      .toEqual([MEDIA_MESSAGES.damagedTitle]);
    const counts = await get(ctx, routeUrl(dashboardRoutes.counts), admin.token);
    expect(counts.json().data.damaged_media).toBe(1);
  });

  it('damage further in: the intact part still plays; reading into it marks the video, and its next read is 410', async () => {
    const { id, key } = await damagedVideo('Changed in the middle', 2);
    const start = await play(key, { range: `bytes=0-${DEFAULT_CHUNK_SIZE - 1}` });
    expect(start.statusCode).toBe(206);
    expect(start.rawPayload.equals(bytes.subarray(0, DEFAULT_CHUNK_SIZE))).toBe(true);
    expect((await detail(id)).damaged).toBe(false);

    // The headers are out when the damaged chunk is reached: the answer is cut short, never completed.
    const whole = await play(key).catch(() => null);
    expect(whole?.rawPayload.equals(bytes) ?? false).toBe(false);
    await expect.poll(async () => (await detail(id)).damaged, { timeout: 15_000 }).toBe(true);
    const again = await play(key);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(MEDIA_MESSAGES.damaged);
    await expect.poll(async () => (await ownerNotices()).length, { timeout: 15_000 }).toBe(2);
  });
});
