/**
 * Hostile bodies, measured from outside: the real server in its own process (`main.ts`), real
 * sockets, its temporary folders listed and its memory read from /proc.
 */
import { accountRoutes, queryRoutes, routeUrl, API_HEALTH_PATH } from '@pw/contracts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../../../test/helpers';
import {
  lengthOf,
  multipartChunks,
  startServerProcess,
  streamRequest,
  type ServerProcess,
} from '../../../test/server-process';
import { BODY_MESSAGES } from './body';
import { waitUntil } from '../../../test/wait';

const MiB = 1024 * 1024;

describe('request bodies against the running server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  }, 120_000);
  afterAll(() => server?.stop());

  /** Every entry of the server's temporary folders: its TMPDIR and DATA_DIR/tmp. */
  const temporaryFiles = async () => {
    const list = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).sort();
    return { tmpdir: await list(server.tmpDir), dataTmp: await list(path.join(server.dataDir, 'tmp')) };
  };

  const waitFor = (check: () => Promise<boolean>, what: string, timeoutMs = 10_000) =>
    waitUntil(check, timeoutMs, what, 50);

  const send = (
    url: string,
    chunks: () => Iterable<Buffer>,
    boundary: string,
    extra: Record<string, string> = {},
    options: { abortAfterBytes?: number } = {},
  ) =>
    streamRequest(
      server.port,
      {
        method: 'POST',
        path: url,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': lengthOf(chunks()),
          ...extra,
        },
      },
      chunks(),
      options,
    );

  it('20 anonymous multipart logins each carrying a 5 MB file leave the temporary folders as they were', async () => {
    const before = await temporaryFiles();
    const boundary = `pw${randomBytes(8).toString('hex')}`;
    const login = () =>
      multipartChunks(
        boundary,
        [
          ['email', 'nobody@example.test'],
          ['password', 'wrong-password-123'],
        ],
        [{ field: 'photo', filename: 'junk.bin', size: 5 * 1000 * 1000 }],
      );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(routeUrl(accountRoutes.webLogin), login, boundary)),
    );
    // Login takes no file: the part is refused before it is written anywhere.
    for (const answer of answers) {
      expect(answer?.status).toBe(415);
      expect(JSON.parse(answer!.body)).toEqual({ message: BODY_MESSAGES.noFiles });
    }
    expect(await temporaryFiles()).toEqual(before);
  }, 120_000);

  it('removes the photo of a refused sign-up, of a profile update and of an upload cut off mid-file', async () => {
    const before = await temporaryFiles();
    const boundary = `pw${randomBytes(8).toString('hex')}`;

    // A refused sign-up (fields missing) with a real photo: 422, the photo is gone.
    const refused = await send(
      routeUrl(accountRoutes.userSignup),
      () =>
        multipartChunks(
          boundary,
          [['first_name', 'Ada']],
          [{ field: 'photo', filename: 'p.png', size: 2 * MiB }],
        ),
      boundary,
    );
    expect(refused?.status).toBe(422);
    expect(await temporaryFiles()).toEqual(before);

    // A successful sign-up and profile update with a photo: stored, and no temporary copy stays.
    const email = `proc-${randomBytes(4).toString('hex')}@example.test`;
    const signup = await fetch(`${server.url}${routeUrl(accountRoutes.userSignup)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        phone: '5550100',
        address: '1 Analytical Way',
        password: 'correct-horse-battery',
        password_confirmation: 'correct-horse-battery',
        date_of_birth: '1980-12-10',
      }),
    });
    expect(signup.status).toBe(201);
    const { token } = ((await signup.json()) as { data: { token: string } }).data;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      first_name: 'Ada',
      last_name: 'Byron',
      phone: '5550100',
      address: '1 Analytical Way',
      map_link: 'https://maps.example.test/ada',
    }))
      form.append(name, value);
    form.append('photo', new Blob([tinyPng], { type: 'image/png' }), 'me.png');
    const update = await fetch(`${server.url}${routeUrl(accountRoutes.userProfileUpdate)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(update.status).toBe(200);
    expect(((await update.json()) as { data: { photo_path: string } }).data.photo_path).toMatch(/\.png$/);
    expect(await temporaryFiles()).toEqual(before);

    // A client that goes away in the middle of its photo: the half-written file goes too.
    const cut = send(
      routeUrl(accountRoutes.userSignup),
      () =>
        multipartChunks(
          boundary,
          [['first_name', 'Ada']],
          [{ field: 'photo', filename: 'p.png', size: 8 * MiB }],
        ),
      boundary,
      {},
      { abortAfterBytes: 3 * MiB },
    );
    const same = async () => JSON.stringify(await temporaryFiles()) === JSON.stringify(before);
    await waitFor(async () => !(await same()), 'the upload to reach the disk');
    expect(await cut).toBeNull();
    await waitFor(same, 'the cut-off upload to be removed');
  }, 120_000);

  it('refuses 1,000 fields of 1 MiB early with 413, the server growing by less than 64 MiB', async () => {
    const boundary = `pw${randomBytes(8).toString('hex')}`;
    const mebibyte = Buffer.alloc(MiB, 'a');
    const fields = function* (size: Buffer): Generator<[string, Buffer]> {
      for (let i = 0; i < 1000; i += 1) yield [`field${i}`, size];
    };
    // Fields just under the per-field limit too: the total of the text fields stops those.
    const justUnder = Buffer.alloc(60 * 1024, 'b');
    for (const [url, value] of [
      [routeUrl(queryRoutes.contactUs), mebibyte],
      [routeUrl(queryRoutes.contactUs), justUnder],
      [routeUrl(accountRoutes.userSignup), mebibyte],
    ] as const) {
      const rssBefore = server.rssBytes();
      server.resetPeak();
      const answer = await send(url, () => multipartChunks(boundary, fields(value)), boundary);
      const growth = server.peakRssBytes() - rssBefore;
      expect(answer?.status, url).toBe(413);
      expect(JSON.parse(answer!.body)).toEqual({ message: BODY_MESSAGES.fieldsTooLarge });
      expect(growth, `${url}: grew by ${(growth / MiB).toFixed(1)} MiB`).toBeLessThan(64 * MiB);
    }
    // And the server still answers.
    expect((await fetch(`${server.url}${API_HEALTH_PATH}`)).status).toBe(200);
  }, 120_000);
});
