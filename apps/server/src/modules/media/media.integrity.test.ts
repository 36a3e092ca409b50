import {
  MEDIA_MESSAGES,
  accountRoutes,
  dashboardRoutes,
  notificationKinds,
  routeUrl,
  videoRoutes,
} from '@pw/contracts';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, multipart, tinyPng, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { outboxSettled, runDutyOnce, waitForQueueIdle } from '../../../test/jobs';
import { insertVideo } from '../../../test/delivery-fixtures';
import { startWorkers } from '../../composition';
import { signedMediaUrl } from '../../platform/http/signed-url';
import { HEADER_SIZE } from '../../platform/storage/encrypted-format';
import { summarize, verifyAll } from '../../platform/storage/integrity';
import { storedObjectRecords } from '../../platform/storage/object-records.schema';
import {
  ADMIN,
  ADMIN_ENV,
  bearer,
  get,
  post,
  signInAdmin,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { users } from '../accounts/accounts.schema';
import { notifications } from '../notifications/notifications.schema';
import { notificationEmailQueue } from '../notifications/notifications.queue';
import { videos } from '../videos/videos.schema';
import { mediaIntegrityQueue } from './media.queue';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const HOUR = 3_600_000;
const DAMAGE_SUBJECT = 'A stored file was found damaged';

/** Stored objects are checked: a deleted and an altered object on the local disk (decision 0340). */
describe('the integrity sweep (local storage)', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  let stopWorkers: () => Promise<void>;
  let admin: SignedIn;
  let owner: SignedIn;
  const ids = { missing: 0, altered: 0, intact: 0 };
  const keys = { missing: '', altered: '', intact: '' };
  const bytes = { missing: randomBytes(150_000), altered: randomBytes(150_000), intact: randomBytes(90_000) };
  let alteredOriginal: Buffer;
  const onDisk = (key: string) => path.join(ctx.dataDir, 'media', key);

  const record = async (key: string) =>
    (await ctx.deps.db.select().from(storedObjectRecords).where(eq(storedObjectRecords.key, key)))[0];
  const mediaKeyOf = async (id: number) =>
    (await ctx.deps.db.select({ key: videos.mediaKey }).from(videos).where(eq(videos.id, id)))[0]!.key!;
  const thumbKeyOf = async (id: number) =>
    (await ctx.deps.db.select({ key: videos.thumbnailKey }).from(videos).where(eq(videos.id, id)))[0]!.key!;
  const ownerMails = (messages: TestSmtp['messages']) =>
    messages.filter((mail) => mail.to === owner.email && mail.subject === MEDIA_MESSAGES.damagedTitle);
  const damageMails = () => smtp.messages.filter((mail) => mail.subject === DAMAGE_SUBJECT);
  const ownerNotices = async () =>
    ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.kind, notificationKinds.mediaDamaged)));
  const noticesSettled = async () => {
    await waitForQueueIdle(ctx.deps.database.executeSql, notificationEmailQueue);
    await outboxSettled(ctx.deps.database.executeSql);
  };
  const play = (key: string) =>
    ctx.app.inject({ method: 'GET', url: signedMediaUrl(ctx.deps.secret, key, ctx.clock.now()) });
  const detail = async (id: number) => {
    const response = await get(ctx, routeUrl(videoRoutes.detail, { id }), owner.token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ ...ADMIN_ENV, SMTP_URL: smtp.url });
    stopWorkers = await startWorkers(ctx.composition);
    admin = await signInAdmin(ctx);
    owner = await signUpUser(ctx);
    // Written an hour apart, oldest first: the object to be lost is the one least recently verified.
    ctx.clock.advance(-3 * HOUR);
    for (const name of ['missing', 'altered', 'intact'] as const) {
      ids[name] = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title: `The ${name} one` });
      keys[name] = await mediaKeyOf(ids[name]);
      await ctx.deps.storage.put(keys[name], bytes[name], 'video/mp4');
      ctx.clock.advance(60_000);
      await ctx.deps.storage.put(await thumbKeyOf(ids[name]), tinyPng, 'image/jpeg');
      ctx.clock.advance(HOUR);
    }
    await fs.rm(onDisk(keys.missing));
    alteredOriginal = await fs.readFile(onDisk(keys.altered));
    const flipped = Buffer.from(alteredOriginal);
    flipped[HEADER_SIZE + 1000] = flipped[HEADER_SIZE + 1000]! ^ 0x01;
    await fs.writeFile(onDisk(keys.altered), flipped);
  });
  afterAll(async () => {
    await stopWorkers();
    await ctx.close();
    await smtp.close();
  });

  it('records every write with its plaintext size and SHA-256, an upload through the API too', async () => {
    for (const name of ['missing', 'altered', 'intact'] as const) {
      expect(await record(keys[name])).toMatchObject({
        size: bytes[name].length,
        sha256: sha256(bytes[name]),
        damagedAt: null,
      });
    }
    const form = multipart(
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '5550199',
        address: '1 Engine Row',
        map_link: 'https://maps.example.test/ada',
      },
      [{ field: 'photo', filename: 'me.png', contentType: 'image/png', content: tinyPng }],
    );
    const response = await post(ctx, routeUrl(accountRoutes.userProfileUpdate), {
      payload: form.payload,
      headers: { ...form.headers, ...bearer(owner.token) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.deps.db.select({ key: users.photoKey }).from(users).where(eq(users.id, owner.id));
    expect(await record(row!.key!)).toMatchObject({ size: tinyPng.length, sha256: sha256(tinyPng) });
  });

  it('a scheduled run checks the object least recently verified first and finds it missing', async () => {
    await runDutyOnce(ctx.deps.queue, ctx.deps.database.executeSql, mediaIntegrityQueue);
    expect(await record(keys.missing)).toMatchObject({ damage: 'missing' });
    // The slice of a handful of objects is one: the altered object waits for its turn.
    expect((await record(keys.altered))!.damage).toBeNull();
  });

  it('the rest of the cycle finds the altered object; intact ones stay fine', async () => {
    const report = await ctx.deps.integrity.run({ slice: 100 });
    // The missing one again (still missing), and now the altered one.
    expect(report.damaged).toHaveLength(2);
    expect(report.damaged).toContainEqual({ key: keys.altered, damage: 'altered' });
    expect(report.intact).toBeGreaterThanOrEqual(4);
    expect(await record(keys.intact)).toMatchObject({ damage: null, damagedAt: null });
    expect((await record(keys.intact))!.verifiedAt).toEqual(ctx.clock.now());
  });

  it('marks the videos damaged and answers their links with 410 and the message', async () => {
    expect(await detail(ids.missing)).toMatchObject({ damaged: true, status: 'ready' });
    expect(await detail(ids.altered)).toMatchObject({ damaged: true });
    expect(await detail(ids.intact)).toMatchObject({ damaged: false });
    const list = await get(ctx, routeUrl(videoRoutes.listDraft), owner.token);
    const damaged = Object.fromEntries(
      list.json().data.map((video: { id: number; damaged: boolean }) => [video.id, video.damaged]),
    );
    expect(damaged).toEqual({ [ids.missing]: true, [ids.altered]: true, [ids.intact]: false });

    for (const key of [keys.missing, keys.altered]) {
      const response = await play(key);
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe(MEDIA_MESSAGES.damaged);
    }
    const fine = await play(keys.intact);
    expect(fine.statusCode).toBe(200);
    expect(fine.rawPayload.equals(bytes.intact)).toBe(true);
  });

  it('tells each administrator once per object and the owner once, in the app and by e-mail', async () => {
    await noticesSettled();
    const mails = damageMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([ADMIN.email, ADMIN.email]);
    expect(mails.some((mail) => mail.text.includes(keys.missing) && mail.text.includes('is missing'))).toBe(
      true,
    );
    expect(
      mails.some((mail) => mail.text.includes(keys.altered) && mail.text.includes('The altered one')),
    ).toBe(true);

    const notices = await ownerNotices();
    expect(
      notices.map((notice) => notice.data).sort((a, b) => Number(a.video_id) - Number(b.video_id)),
    ).toEqual([{ video_id: ids.missing }, { video_id: ids.altered }]);
    expect(notices[0]!.title).toBe(MEDIA_MESSAGES.damagedTitle);
    await smtp.waitFor((messages) => ownerMails(messages).length >= 2);
    expect(ownerMails(smtp.messages)).toHaveLength(2);
  });

  it('the admin dashboard counts the damaged objects', async () => {
    const response = await get(ctx, routeUrl(dashboardRoutes.counts), admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.damaged_media).toBe(2);
  });

  it('later sweeps find them still damaged but send nothing again', async () => {
    ctx.clock.advance(HOUR);
    const report = await ctx.deps.integrity.run({ slice: 100 });
    expect(report.damaged.map((found) => found.key).sort()).toEqual([keys.missing, keys.altered].sort());
    await runDutyOnce(ctx.deps.queue, ctx.deps.database.executeSql, mediaIntegrityQueue);
    await noticesSettled();
    expect(damageMails()).toHaveLength(2);
    expect(await ownerNotices()).toHaveLength(2);
    expect(ownerMails(smtp.messages)).toHaveLength(2);
  });

  it("media:verify's check finds both at once and says what to do", async () => {
    const report = await verifyAll({
      storage: ctx.deps.storage,
      objects: ctx.deps.objects,
      clock: ctx.clock,
    });
    expect(report.damaged.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      [
        { key: keys.missing, damage: 'missing' },
        { key: keys.altered, damage: 'altered' },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(report.intact).toBe(report.checked - 2);
    const lines = summarize(report);
    expect(lines[0]).toBe(
      `${report.checked} objects checked: ${report.intact} intact, 0 read for the first time and recorded, 2 damaged`,
    );
    expect(lines).toContain(`damaged (missing): ${keys.missing}`);
    expect(lines).toContain(`damaged (altered): ${keys.altered}`);
  });

  it('an object put back from a backup checks out again and plays', async () => {
    await fs.writeFile(onDisk(keys.altered), alteredOriginal);
    const report = await verifyAll({
      storage: ctx.deps.storage,
      objects: ctx.deps.objects,
      clock: ctx.clock,
    });
    expect(report.damaged.map((found) => found.key)).toEqual([keys.missing]);
    expect(await record(keys.altered)).toMatchObject({ damage: null, damagedAt: null, reportedAt: null });
    expect(await detail(ids.altered)).toMatchObject({ damaged: false });
    const response = await play(keys.altered);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes.altered)).toBe(true);
  });

  it('records an object stored before records existed the first time it reads it, and forgets a deleted one', async () => {
    const key = 'photos/0123456789abcdef0123456789abcdef.png';
    await ctx.deps.storage.put(key, tinyPng, 'image/png');
    await ctx.deps.db.delete(storedObjectRecords).where(eq(storedObjectRecords.key, key));
    const report = await ctx.deps.integrity.run({ slice: 1 });
    expect(report.listed).toBe(1);
    expect(report.recorded).toBe(1);
    expect(await record(key)).toMatchObject({
      size: tinyPng.length,
      sha256: sha256(tinyPng),
      writtenAt: null,
    });

    await ctx.deps.storage.delete(key);
    expect(await record(key)).toBeUndefined();
  });
});
