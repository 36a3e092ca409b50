/**
 * A caption file is kept as the video's file is: encrypted on disk, checked by the integrity sweep and
 * `media:verify`, among the keys a backup copies, in the data export beside the video, and removed once
 * its video is deleted.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { captionRoutes, notificationKinds, routeUrl, videoRoutes } from '@pw/contracts';
import { contextForSuite, readOutbox } from '../../../test/helpers';
import {
  ADMIN,
  ADMIN_ENV,
  bearer,
  signInAdmin,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { readExportContents } from '../account-data/export.contents';
import { writeArchive } from '../account-data/export.archive';
import { storedVideo, unzip } from '../account-data/account-data.fixtures';
import { verifyAll } from '../../platform/storage/integrity';
import { storedObjectRecords } from '../../platform/storage/object-records.schema';
import { storedObjects } from '../../platform/storage/stored-objects';
import { captionTracks } from './captions.schema';
import { CAPTION_WRITE_GRACE_MS } from './captions.queue';

const VTT = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nThe words kept beside the video.\n';

describe('caption files kept like the video', () => {
  // With an administrator: the integrity sweep's damage e-mail goes to each one.
  const ctx = contextForSuite(ADMIN_ENV);
  let owner: SignedIn;
  let videoId: number;
  let otherVideoId: number;

  const save = (id: number, language: string, vtt: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: routeUrl(captionRoutes.save, { id, language }),
      headers: bearer(owner.token),
      payload: { vtt },
    });
  const keyOf = async (id: number, language: string) =>
    (await ctx.deps.db.select().from(captionTracks).where(eq(captionTracks.videoId, id))).find(
      (row) => row.language === language,
    )!.objectKey;
  const onDisk = (key: string) => path.join(ctx.dataDir, 'media', key);
  const recordOf = async (key: string) =>
    (await ctx.deps.db.select().from(storedObjectRecords).where(eq(storedObjectRecords.key, key)))[0];
  const verify = () => verifyAll({ storage: ctx.deps.storage, objects: ctx.deps.objects, clock: ctx.clock });

  beforeAll(async () => {
    await signInAdmin(ctx);
    owner = await signUpUser(ctx);
    // Ready videos whose files really are in storage (the export reads them).
    videoId = (await storedVideo(ctx, owner.id, 'To Anna', '')).id;
    otherVideoId = (await storedVideo(ctx, owner.id, 'To Ben', '')).id;
    for (const [id, language] of [
      [videoId, 'en'],
      [videoId, 'de'],
      [otherVideoId, 'en'],
    ] as const)
      expect((await save(id, language, VTT)).statusCode).toBe(200);
  });

  it('is encrypted on disk and recorded with its size and digest', async () => {
    const key = await keyOf(videoId, 'en');
    const bytes = await fs.readFile(onDisk(key));
    expect(bytes.includes(Buffer.from('WEBVTT'))).toBe(false);
    expect(bytes.includes(Buffer.from('The words kept'))).toBe(false);
    expect(await text(await ctx.deps.storage.read(key))).toBe(VTT);
    expect(await recordOf(key)).toMatchObject({ size: Buffer.byteLength(VTT), damage: null });
    // What a backup copies: every key the configured storage holds.
    const stored: string[] = [];
    for await (const each of storedObjects(ctx.config).keys()) stored.push(each);
    expect(stored).toContain(key);
  });

  it('is checked by media:verify, which finds it altered', async () => {
    const key = await keyOf(videoId, 'en');
    expect((await verify()).damaged).toEqual([]);
    const original = await fs.readFile(onDisk(key));
    const altered = Buffer.from(original);
    altered[altered.length - 5]! ^= 0xff;
    await fs.writeFile(onDisk(key), altered);
    expect((await verify()).damaged).toEqual([{ key, damage: 'altered' }]);
    await fs.writeFile(onDisk(key), original);
    expect((await verify()).damaged).toEqual([]);
  });

  it('found damaged by the integrity sweep, names its video, language and owner; the owner is told', async () => {
    const key = await keyOf(otherVideoId, 'en');
    const original = await fs.readFile(onDisk(key));
    const altered = Buffer.from(original);
    altered[altered.length - 5]! ^= 0xff;
    await fs.writeFile(onDisk(key), altered);
    try {
      expect((await ctx.deps.integrity.run({ slice: 100 })).damaged).toContainEqual({
        key,
        damage: 'altered',
      });
      const told = await ctx.deps.db
        .select()
        .from(notifications)
        .where(
          and(eq(notifications.userId, owner.id), eq(notifications.kind, notificationKinds.mediaDamaged)),
        );
      expect(told.map((notice) => notice.data)).toEqual([{ video_id: otherVideoId }]);
      expect(told[0]!.body).toContain('(To Ben)');
      // The administrators' e-mail says what the file belongs to.
      const toAdmins = (await readOutbox(ctx.dataDir)).filter((mail) => mail.to.includes(ADMIN.email));
      expect(toAdmins).toHaveLength(1);
      expect(toAdmins[0]!.text.replace(/\s+/g, ' ')).toContain(
        `the en captions of the video "To Ben" (id ${otherVideoId}) of ${String(owner.user.first_name)}`,
      );
    } finally {
      await fs.writeFile(onDisk(key), original);
    }
    // Put back, it checks out again and the record's damage is cleared.
    await ctx.deps.integrity.run({ slice: 100 });
    expect(await recordOf(key)).toMatchObject({ damage: null });
  });

  it('is in the data export beside the video, as video.<language>.vtt', async () => {
    const contents = (await readExportContents(ctx.deps.db, owner.id))!;
    await writeArchive(ctx.deps.storage, 'exports/captions-test.zip', contents, async () => {});
    const zip = await unzip(
      Buffer.concat(await (await ctx.deps.storage.read('exports/captions-test.zip')).toArray()),
    );
    const folder = `videos/${videoId}-To-Anna`;
    expect(zip.get(`${folder}/video.en.vtt`)?.toString()).toBe(VTT);
    expect(zip.get(`${folder}/video.de.vtt`)?.toString()).toBe(VTT);
    expect(zip.get(`videos/${otherVideoId}-To-Ben/video.en.vtt`)?.toString()).toBe(VTT);
    expect(JSON.parse(zip.get(`${folder}/info.json`)!.toString()).captions).toEqual([
      expect.objectContaining({ language: 'de', file: 'video.de.vtt', source: 'owner', status: 'accepted' }),
      expect.objectContaining({ language: 'en', file: 'video.en.vtt', source: 'owner', status: 'accepted' }),
    ]);
  });

  it('goes with its video: the tracks at once, the files with the next sweep', async () => {
    const keys = [await keyOf(videoId, 'en'), await keyOf(videoId, 'de')];
    const kept = await keyOf(otherVideoId, 'en');
    const pending = 'captions/not-yet-recorded.vtt';
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: routeUrl(videoRoutes.remove, { id: videoId }),
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.deps.db.select().from(captionTracks).where(eq(captionTracks.videoId, videoId))).toEqual(
      [],
    );
    ctx.clock.advance(CAPTION_WRITE_GRACE_MS + 1000);
    // A file on its way to its row (written just now, no row yet) is left alone until its grace is over.
    await ctx.deps.storage.put(pending, Buffer.from(VTT), 'text/vtt');
    expect(await ctx.deps.captions.sweep()).toBe(2);
    for (const key of keys) {
      expect(await ctx.deps.storage.stat(key)).toBeNull();
      expect(await recordOf(key)).toBeUndefined();
    }
    expect(await ctx.deps.storage.stat(pending)).not.toBeNull();
    expect(await text(await ctx.deps.storage.read(kept))).toBe(VTT);
    ctx.clock.advance(CAPTION_WRITE_GRACE_MS + 1000);
    expect(await ctx.deps.captions.sweep()).toBe(1);
    expect(await ctx.deps.storage.stat(pending)).toBeNull();
    expect(await ctx.deps.storage.stat(kept)).not.toBeNull();
  });
});
