import { accountRoutes, deliveryRoutes, routeUrl, type ApiRoute } from '@pw/contracts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lineSink } from '../test/log-lines';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import type { CompositionView } from './composition';
import { compose, startWorkers } from './composition';
import { createLogger } from './platform/logging/logger';
import { videos } from './modules/videos/videos.schema';
import { createTestDatabase } from '../test/helpers';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { insertUser, insertVideo } from '../test/delivery-fixtures';
import { rawRouteUrl } from '../test/addresses';
import { closeTestApp } from '../test/close-app';

/**
 * The whole product as `npm start` runs it (main.ts's logger at `info`, real HTTP, the web app, the job
 * workers, a real SMTP server), through a delivery and a password reset. Afterwards the log must hold
 * none of the credentials that passed through: the watch token, the media signature, the reset code,
 * nor a full e-mail address (docs/operations.md §Security headers and logs).
 */
describe('secrets stay out of the log', () => {
  const lines: string[] = [];
  let smtp: TestSmtp;
  let deps: CompositionView;
  let dataDir: string;
  let base: string;
  let stop: () => Promise<void>;

  const RECIPIENT = 'grace.hopper@recipient.test';
  const OWNER = 'margaret.hale@owner.test';
  const RESETTER = 'ada.lovelace@example.test';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-logs-'));
    const webDir = path.join(dataDir, 'web');
    await fs.mkdir(webDir);
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      APP_SECRET: 'log-test-secret-of-at-least-32-bytes',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://pw.test',
    });
    const sink = lineSink(lines);
    const { database, drop } = await createTestDatabase();
    const composition = await compose(config, createLogger(config.LOG_LEVEL, sink), { database });
    deps = composition.deps;
    const stopWorkers = await startWorkers(composition, {
      delivery: { retryBaseSeconds: 1, processingRecheckSeconds: 1, sweepIntervalSeconds: 2 },
    });
    const app = await buildApp(composition, { serveWeb: true, webDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    stop = async () => {
      await stopWorkers();
      await closeTestApp(app, composition, drop);
    };
  });
  afterAll(async () => {
    await stop?.();
    await smtp?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('holds no watch token, media signature, reset code or full address after a delivery and a reset', async () => {
    // A ready video with its media in storage, scheduled for a second from now.
    const ownerId = await insertUser(deps.db, { firstName: 'Margaret', lastName: 'Hale', email: OWNER });
    const videoId = await insertVideo(deps.db, ownerId, { title: 'For Grace' });
    const [video] = await deps.db.select().from(videos).where(eq(videos.id, videoId));
    await deps.storage.put(video!.mediaKey!, Buffer.alloc(2048, 1), 'video/mp4');
    await deps.storage.put(video!.thumbnailKey!, Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg');
    await deps.delivery.schedule({
      timezone: 'UTC',
      videoId,
      ownerId,
      recipientEmail: RECIPIENT,
      dueAt: new Date(Date.now() + 1000),
    });

    // Delivered: the recipient's e-mail holds the link; the owner is told by e-mail too.
    await smtp.waitFor((messages) => messages.some((m) => m.to === RECIPIENT));
    const mail = smtp.messages.find((m) => m.to === RECIPIENT)!;
    const token = /http:\/\/pw\.test\/watch\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await smtp.waitFor((messages) => messages.some((m) => m.to === OWNER));

    // The recipient opens the link: the page, its API call, the video (whole and ranged), the poster.
    const page = await fetch(`${base}/watch/${token}`);
    expect(page.status).toBe(200);
    const watch = await fetch(`${base}${routeUrl(deliveryRoutes.watch, { token })}`);
    expect(watch.status).toBe(200);
    const { video_link: videoLink, video_thumbnail: thumbnail } = (
      (await watch.json()) as { data: { video_link: string; video_thumbnail: string } }
    ).data;
    const signature = new URL(videoLink, base).searchParams.get('sig')!;
    expect(signature.length).toBeGreaterThan(20);
    expect((await fetch(`${base}${videoLink}`)).status).toBe(200);
    expect((await fetch(`${base}${videoLink}`, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
    expect((await fetch(`${base}${thumbnail}`)).status).toBe(200);
    const thumbnailSignature = new URL(thumbnail, base).searchParams.get('sig')!;

    // A password reset: ask for a code, then check it.
    await insertUser(deps.db, { email: RESETTER });
    const post = (route: ApiRoute, body: object) =>
      fetch(`${base}${routeUrl(route)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post(accountRoutes.webResetPassword, { email: RESETTER })).status).toBe(200);
    await smtp.waitFor((messages) => messages.some((m) => m.to === RESETTER));
    const code = /\b(\d{6})\b/.exec(smtp.messages.find((m) => m.to === RESETTER)!.text)![1]!;
    expect((await post(accountRoutes.webVerifyCode, { email: RESETTER, token: code })).status).toBe(200);

    await stop();
    stop = async () => {};
    const log = lines.join('\n');

    // The run was logged: requests, with their secrets replaced, and each e-mail, its recipient masked.
    expect(log).toContain('"url":"/watch/[redacted]"');
    expect(log).toContain(`"url":"${rawRouteUrl(deliveryRoutes.watch, { token: '[redacted]' })}"`);
    expect(log).toMatch(/"url":"\/api\/media\/v\/videos\/[0-9a-f]+\.mp4\?exp=\d+&sig=\[redacted\]"/);
    expect(log).toContain(`"url":"${routeUrl(accountRoutes.webVerifyCode)}"`);
    const mailLines = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'mail sent');
    expect(mailLines.map((entry) => entry.to).sort()).toEqual([
      'a***@example.test',
      'g***@recipient.test',
      'm***@owner.test',
    ]);

    // …and none of what passed through.
    for (const secret of [token, signature, thumbnailSignature, RECIPIENT, OWNER, RESETTER]) {
      expect(log).not.toContain(secret);
    }
    // Six digits on their own (the log's timestamps are longer runs of digits).
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
