import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { accountDataRoutes, routeUrl } from '@pw/contracts';
import type { TestContext } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import { makeClip, makeClipDir } from '../../../test/media-fixtures';
import { bearer, randomIp, type SignedIn } from '../accounts/accounts.fixtures';
import { videos } from '../videos/videos.schema';
import { vi } from 'vitest';

export type Role = 'user' | 'funeral-home';
const routesOf = (role: Role) => (role === 'user' ? accountDataRoutes.user : accountDataRoutes.funeralHome);

let clip: Promise<string> | undefined;
/** One real one-second MP4, made once per test file. */
export const realClip = () =>
  (clip ??= makeClipDir().then((dir) => makeClip(dir, 'clip.mp4', 'mp4', { seconds: 1 })));

/** A ready video of `ownerId` whose MP4 and thumbnail really are in storage; answers the row. */
export async function storedVideo(ctx: TestContext, ownerId: number, title: string, description: string) {
  const id = await insertVideo(ctx.deps.db, ownerId, { title, description, folder: 'scheduled' });
  const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, id));
  await ctx.deps.storage.put(row!.mediaKey!, await fs.readFile(await realClip()), 'video/mp4');
  await ctx.deps.storage.put(row!.thumbnailKey!, Buffer.from('not really a jpeg'), 'image/jpeg');
  return row!;
}

export const startExport = (ctx: TestContext, token: string | null, role: Role = 'user') =>
  ctx.app.inject({
    method: 'POST',
    url: routeUrl(routesOf(role).startExport),
    headers: token ? bearer(token) : {},
  });

export const getExport = (ctx: TestContext, token: string | null, id: number | string, role: Role = 'user') =>
  ctx.app.inject({
    method: 'GET',
    url: routeUrl(routesOf(role).export, { id }),
    headers: token ? bearer(token) : {},
  });

export const latestExport = (ctx: TestContext, token: string, role: Role = 'user') =>
  ctx.app.inject({ method: 'GET', url: routeUrl(routesOf(role).latestExport), headers: bearer(token) });

export const deleteAccount = (
  ctx: TestContext,
  token: string | null,
  payload: unknown,
  role: Role = 'user',
) =>
  ctx.app.inject({
    method: 'DELETE',
    url: routeUrl(routesOf(role).deleteAccount),
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
    remoteAddress: randomIp(),
  });

/** Polls the export until it is no longer queued or running. */
export async function waitForExport(
  ctx: TestContext,
  who: SignedIn,
  id: number,
  role: Role = 'user',
  timeoutMs = 60_000,
) {
  return vi.waitFor(
    async () => {
      const data = (await getExport(ctx, who.token, id, role)).json().data;
      if (data.status === 'queued' || data.status === 'running')
        throw new Error(`export ${id} still ${data.status}`);
      return data;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Every entry of a zip, by name. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          file.readEntry();
        });
        stream.on('error', reject);
      });
    });
    file.on('end', resolve);
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

/** Writes a zip entry to a temporary file (ffprobe reads files). */
export async function entryToFile(dir: string, name: string, content: Buffer): Promise<string> {
  const file = path.join(dir, path.basename(name));
  await fs.writeFile(file, content);
  return file;
}
