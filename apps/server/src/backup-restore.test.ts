/**
 * The restore drill (decision 0336): an installation seeded through the real app is backed up,
 * restored into an empty one, and the restored app is used as its owner would. On embedded PGlite by
 * default; on PostgreSQL when DATABASE_URL is set (CI's second server run). Each time twice: media in
 * DATA_DIR, and media in an S3 bucket (a local S3, s3rver; one bucket per installation).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type S3rver from 's3rver';
import { accountRoutes, routeUrl, videoRoutes } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { compose } from './composition';
import { FakeClock } from './platform/clock';
import { loadConfig, type AppConfig } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { backUp, BackupError, restore, verifyBackup, type BackupTarget } from './platform/backup';
import { storedObjects } from './platform/storage/stored-objects';
import { insertMembership, insertVideo } from '../test/delivery-fixtures';
import { randomIp, signUpUser } from './modules/accounts/accounts.fixtures';
import { createDatabaseBeside, type TestContext } from '../test/helpers';
import { startLocalS3 } from '../test/local-s3';
import { closeTestApp } from '../test/close-app';

const baseUrl = process.env.DATABASE_URL;
const MEDIA_KEY = randomBytes(32).toString('base64');
const APP_SECRET = 'backup-drill-secret-of-32-bytes-or-more';

/** An empty database for one installation: a PGlite folder, or a new PostgreSQL database. */
const emptyDatabase = async (): Promise<{ url?: string; drop: () => Promise<void> }> =>
  baseUrl ? createDatabaseBeside(baseUrl) : { drop: async () => {} };

interface Installation {
  config: AppConfig;
  dataDir: string;
  target: BackupTarget;
  drop: () => Promise<void>;
}

type StorageKind = 'local' | 's3';

/** An empty bucket of its own: a local S3 keeping its objects in DATA_DIR/s3 (not the media folder). */
async function emptyBucket(dataDir: string): Promise<{ env: Record<string, string>; server: S3rver }> {
  const { server, settings } = await startLocalS3(path.join(dataDir, 's3'));
  return {
    server,
    env: {
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
  };
}

async function installation(storage: StorageKind): Promise<Installation> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-drill-'));
  const database = await emptyDatabase();
  const bucket = storage === 's3' ? await emptyBucket(dataDir) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET,
    MEDIA_KEY,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...bucket?.env,
  });
  return {
    config,
    dataDir,
    target: { config, ...storedObjects(config) },
    drop: async () => {
      await bucket?.server.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** The real app on an installation, shaped as the test fixtures expect; `close` leaves its data. */
async function startApp(config: AppConfig): Promise<TestContext & { database: Database }> {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
  const clock = new FakeClock(new Date());
  const composition = await compose(config, pino({ level: 'silent' }), { database, clock });
  const app = await buildApp(composition);
  await app.ready();
  return {
    app,
    deps: composition.deps,
    composition,
    clock,
    config,
    dataDir: config.DATA_DIR,
    database,
    async close() {
      await closeTestApp(app, composition, () => database.close());
    },
  };
}

async function pendingDelivery(database: Database, videoId: number) {
  const { rows } = await database.executeSql(
    `select d.id, d.status, d.due_at,
            (select count(*)::int from pgboss.job j
              where j.singleton_key = d.id || ':send' and j.state in ('created', 'retry')) as jobs
       from scheduled_deliveries d where d.video_id = $1`,
    [videoId],
  );
  return rows.map((row) => ({
    status: row.status,
    dueAt: new Date(row.due_at as string).toISOString(),
    jobs: Number(row.jobs),
  }));
}

const databaseName = baseUrl ? 'PostgreSQL' : 'embedded PGlite';

describe.each<StorageKind>(['local', 's3'])(`backup and restore (${databaseName}, %s storage)`, (storage) => {
  let source: Installation;
  let copy: Installation;
  let backupDir: string;
  let owner: { email: string; password: string };
  let videoId: number;
  let videoBytes: Buffer;
  let scheduled: Awaited<ReturnType<typeof pendingDelivery>>;

  beforeAll(async () => {
    source = await installation(storage);
    copy = await installation(storage);
    backupDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'pw-backup-')), 'backup');

    const ctx = await startApp(source.config);
    try {
      const user = await signUpUser(ctx);
      owner = { email: user.email, password: user.password };
      await insertMembership(ctx.deps.db, user.id);
      videoId = await insertVideo(ctx.deps.db, user.id, { folder: 'draft', title: 'For the garden' });
      const {
        rows: [row],
      } = await ctx.deps.database.executeSql('select media_key from videos where id = $1', [videoId]);
      videoBytes = randomBytes(300_000);
      // Through the app's storage, so the object is stored encrypted as every video is.
      await ctx.deps.storage.put(row!.media_key as string, videoBytes, 'video/mp4');
      const due = new Date(Date.now() + 7 * 24 * 3600_000);
      const moved = await ctx.app.inject({
        method: 'POST',
        url: routeUrl(videoRoutes.updateType, { id: videoId }),
        headers: { authorization: `Bearer ${user.token}` },
        payload: {
          type: 'scheduled',
          email: 'daughter@recipient.test',
          share_at_date: due.toISOString().slice(0, 10),
          share_at_time: due.toISOString().slice(11, 16),
          timezone: 'UTC',
        },
      });
      expect(moved.statusCode).toBe(200);
      scheduled = await pendingDelivery(ctx.database, videoId);
      expect(scheduled).toEqual([{ status: 'pending', dueAt: expect.any(String), jobs: 1 }]);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  afterAll(async () => {
    await source?.drop();
    await copy?.drop();
    if (backupDir) await fs.rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('backs up with a manifest, restores into an empty installation, and the app runs on it', async () => {
    const manifest = await backUp(source.target, backupDir);
    expect(manifest).toMatchObject({
      format: 'parting-words-backup',
      version: 2,
      database: { kind: baseUrl ? 'postgres' : 'pglite', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      storage,
    });
    expect(manifest.database.migrations.count).toBeGreaterThan(0);
    expect(manifest.database.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.objects.count).toBe(manifest.objects.items.length);
    expect(manifest.objects.count).toBeGreaterThanOrEqual(1);
    // Objects stay as stored: encrypted, never the plain bytes.
    for (const item of manifest.objects.items) {
      const stored = await fs.readFile(path.join(backupDir, 'objects', item.key));
      expect(stored.includes(videoBytes.subarray(0, 64))).toBe(false);
    }

    await restore(copy.target, backupDir);

    const ctx = await startApp(copy.config);
    try {
      const login = await ctx.app.inject({
        method: 'POST',
        url: routeUrl(accountRoutes.webLogin),
        payload: owner,
        remoteAddress: randomIp(),
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().data.token as string;
      const detail = await ctx.app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.detail, { id: videoId }),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(detail.statusCode).toBe(200);
      const link = detail.json().data.video_link as string;
      const media = await ctx.app.inject({ method: 'GET', url: link });
      expect(media.statusCode).toBe(200);
      expect(Buffer.compare(media.rawPayload, videoBytes)).toBe(0);
      // Still scheduled, once: one pending delivery with one queued send, due when it was.
      expect(await pendingDelivery(ctx.database, videoId)).toEqual(scheduled);
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('refuses a target that is not empty unless forced, and a damaged backup', async () => {
    // The copy now holds the restored installation.
    await expect(restore(copy.target, backupDir)).rejects.toThrow(/not empty.*--force/);
    await restore(copy.target, backupDir, { force: true });

    const manifest = await verifyBackup(backupDir, APP_SECRET);
    const item = manifest.objects.items[0]!;
    const file = path.join(backupDir, 'objects', item.key);
    const bytes = await fs.readFile(file);
    bytes[bytes.length - 1] = bytes.at(-1)! ^ 1;
    await fs.writeFile(file, bytes);
    await expect(restore(copy.target, backupDir, { force: true })).rejects.toThrow(
      new BackupError(`an object differs from the manifest: ${item.key}`),
    );
    // Nothing was touched: the forced restore before this one is still there and runs.
    const ctx = await startApp(copy.config);
    try {
      expect(await pendingDelivery(ctx.database, videoId)).toEqual(scheduled);
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
