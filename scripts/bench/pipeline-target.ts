/**
 * One server under load for the pipeline bench (pipeline.ts), in a process of its own so the load
 * tool and the other server share none of its event loop or heap. `PIPELINE_TARGET=app` runs the real
 * app as main.ts builds it (ROLE=api, logging at `info` to stdout); `PIPELINE_TARGET=bare` a bare
 * Fastify route doing the same work with `pg`, `bare-prepared` the same with named statements. Reports `{ type: 'listening', port }` over IPC and
 * stops on `{ type: 'stop' }`.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
// The same phrase as the app's list (a pure function: the bare route's work stays its own).
import { timeAgo } from '../../apps/server/src/modules/notifications';
import { notificationRoutes, routeUrl } from '@pw/contracts';

const databaseUrl = process.env.DATABASE_URL!;
const publicUrl = 'http://pw.bench';

/** Same pool size as the app's (platform/db): the comparison is about the pipeline, not the pool. */
const POOL_MAX = 10;

async function startApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const os = await import('node:os');
  const fs = await import('node:fs/promises');
  const path = await import('node:path');
  const { loadConfig } = await import('../../apps/server/src/platform/config');
  const { createLogger } = await import('../../apps/server/src/platform/logging/logger');
  const { compose } = await import('../../apps/server/src/composition');
  const { buildApp } = await import('../../apps/server/src/app');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-bench-pipeline-'));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ROLE: 'api',
    APP_SECRET: 'bench-app-secret-of-32-bytes-or-more',
    // One media key for every process (an API or worker process refuses to start without it).
    MEDIA_KEY: Buffer.alloc(32, 7).toString('base64'),
    PUBLIC_URL: publicUrl,
    HOST: '127.0.0.1',
    PORT: '0',
  });
  // The production logger at the production default level, writing to stdout (the bench discards it).
  const logger = createLogger(config.LOG_LEVEL);
  const composition = await compose(config, logger);
  const deps = composition.deps;
  const app = await buildApp(composition, { serveWeb: true });
  return {
    app,
    close: async () => {
      await app.close();
      await deps.queue.stop({ graceful: false, wait: true });
      deps.mailer.close();
      await deps.database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

const utc = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const formatted = (date: Date) => {
  const parts: Record<string, string> = {};
  for (const part of utc.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
};

/**
 * The same answer as `GET /api/notification` (same queries, same JSON), written the plain way: no
 * schema, no hooks, no ORM, no logger. Only what a bare route does and the page needs.
 */
async function startBare(prepared: boolean): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_MAX });
  // `prepared`: the same statements, named, so PostgreSQL parses and plans each once per connection
  // as the app's do since docs/operations.md §Request pipeline (a bare route sends plain text every time).
  const run = (name: string, text: string, values: unknown[]) =>
    pool.query(prepared ? { name, text, values } : { text, values });
  const app = Fastify();
  app.get(routeUrl(notificationRoutes.list), async (request, reply) => {
    const query = request.query as { page?: string; per_page?: string };
    const page = Math.max(1, Number(query.page ?? 1) || 1);
    const perPage = Math.min(999, Math.max(1, Number(query.per_page ?? 10) || 10));
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return reply.status(401).send({ message: 'Unauthenticated.' });
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const session = await run(
      'session',
      `select u.id, u.type, u.status from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() limit 1`,
      [tokenHash],
    );
    const account = session.rows[0] as { id: number; type: string; status: number } | undefined;
    if (!account) return reply.status(401).send({ message: 'Unauthenticated.' });
    if (account.status !== 1) return reply.status(403).send({ message: 'Deactivated.' });
    const [rows, count] = await Promise.all([
      run(
        'page',
        `select id, kind, title, body, data, read_at, created_at from notifications where user_id = $1
          order by created_at desc, id desc limit $2 offset $3`,
        [account.id, perPage, (page - 1) * perPage],
      ),
      run('count', `select count(*)::int as total from notifications where user_id = $1`, [account.id]),
    ]);
    const total = count.rows[0].total as number;
    const now = new Date();
    const data = rows.rows.map((row) => ({
      id: row.id,
      type: row.kind,
      read_at: row.read_at ? row.read_at.toISOString() : null,
      created_at: row.created_at.toISOString(),
      created_at_human: timeAgo(row.created_at, now),
      created_at_formatted: formatted(row.created_at),
      data: { ...row.data, title: row.title, body: row.body, kind: row.kind },
    }));
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const from = total === 0 ? null : (page - 1) * perPage + 1;
    const link = (to: number) => routeUrl(notificationRoutes.list, {}, { per_page: perPage, page: to });
    return {
      data,
      meta: {
        current_page: page,
        last_page: lastPage,
        from,
        to: from === null ? null : Math.min(total, from + data.length - 1),
        total,
        per_page: perPage,
      },
      links: { prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
    };
  });
  return { app, close: async () => (await app.close(), await pool.end()) };
}

async function main() {
  const kind = process.env.PIPELINE_TARGET;
  const target = kind === 'app' ? await startApp() : await startBare(kind === 'bare-prepared');
  await target.app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ type: 'listening', port: (target.app.server.address() as AddressInfo).port });
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    void target.close().then(() => process.exit(0));
  });
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
