import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { simpleParser } from 'mailparser';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db';
import type { CompositionView } from '../src/composition';
import { compose, type ComposeOverrides, type Composition } from '../src/composition';
import { FakeClock } from '../src/platform/clock';
import { buildApp } from '../src/app';
import { afterAll, beforeAll } from 'vitest';
import { recordRouteCoverage } from './route-coverage';
import { migratedPgliteSnapshot, templateDatabase } from './database-template';
import { createDatabaseBeside } from './database-beside';
import { takeEmbeddedTestDatabase } from './embedded-test-database';
import { closeTestApp } from './close-app';

export { createDatabaseBeside };

/**
 * A database for one test file, holding what the run's migrated copy holds (test/global-setup.ts):
 * in-memory PGlite by default, one its worker keeps and puts back as the copy between files
 * (test/embedded-test-database.ts); with DATABASE_URL (CI), or with a `baseUrl` given, a new PostgreSQL
 * database created from the copy beside that one and dropped afterwards. Outside a test run (the
 * benches) there is no copy, and each database migrates itself.
 */
export async function createTestDatabase(
  baseUrl = process.env.DATABASE_URL,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!baseUrl) {
    if (migratedPgliteSnapshot()) return takeEmbeddedTestDatabase();
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const template = baseUrl === process.env.DATABASE_URL ? templateDatabase() : undefined;
  const beside = await createDatabaseBeside(baseUrl, { template });
  const database = await openDatabase({ url: beside.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await beside.drop();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  deps: CompositionView;
  /** The whole application (for startWorkers). */
  composition: Composition;
  clock: FakeClock;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a real database, a temporary DATA_DIR (outbox, media) and a clock tests can move. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: Omit<ComposeOverrides, 'database' | 'clock'> & {
    extraRoutes?: (app: FastifyInstance) => void;
    /** The process's logger (default: silent), e.g. one writing to a captured stream. */
    logger?: FastifyBaseLogger;
    /**
     * Count this app's answers towards the route coverage check (decision 0277): on unless a file
     * sends requests that test no route's own behaviour (the malformed-request sweep).
     */
    recordCoverage?: boolean;
  } = {},
): Promise<TestContext> {
  const { extraRoutes, logger, recordCoverage = true, ...overrides } = options;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_SECRET: 'test-app-secret-of-32-bytes-or-more',
    ...env,
  });
  const { database, drop } = await createTestDatabase();
  const clock = new FakeClock(new Date());
  const composition = await compose(config, logger ?? pino({ level: 'silent' }), {
    ...overrides,
    database,
    clock,
  });
  const deps = composition.deps;
  const app = await buildApp(composition);
  extraRoutes?.(app);
  if (recordCoverage) recordRouteCoverage(app);
  await app.ready();
  return {
    app,
    deps,
    composition,
    clock,
    config,
    dataDir,
    async close() {
      await closeTestApp(app, composition, drop);
      // A request's temporary file may still be closing when the test ends: retry instead of failing.
      await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/**
 * The context of the enclosing `describe` (or file): made before its tests (`createTestContext(env,
 * options)`), closed after them, after the suite's own `afterAll`s. What it answers stands for that
 * context inside hooks and tests; reading it before the context is made throws.
 */
export function contextForSuite(
  env?: Record<string, string>,
  options?: Parameters<typeof createTestContext>[1],
): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(env, options);
  });
  afterAll(() => current?.close());
  return new Proxy({} as TestContext, {
    get(_target, key) {
      if (!current)
        throw new Error('The suite context is made before its tests: read it in a hook or a test.');
      return Reflect.get(current, key);
    },
  });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The e-mails the embedded outbox transport wrote, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const name of names) {
    const parsed = await simpleParser(await fs.readFile(path.join(dir, name)));
    const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
    mails.push({
      to: to ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: String(parsed.html || ''),
    });
  }
  return mails;
}

/** A multipart body for `app.inject` (fields and optional files), without a form-data library. */
export function multipart(
  fields: Record<string, string | string[]>,
  files: Array<{ field: string; filename: string; contentType: string; content: Buffer }> = [],
) {
  const boundary = `----pw${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The same application (database, modules) behind an app built with another configuration. */
export function withConfig(composition: Composition, config: AppConfig): Composition {
  return { ...composition, platform: { ...composition.platform, config } };
}
