import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { conflict } from '../errors';
import { BODY_MESSAGES, parseBody } from './body';
import { FORM_LIMITS } from './multipart';

const file = (field: string, size: number, filename = 'p.bin') => ({
  field,
  filename,
  contentType: 'application/octet-stream',
  content: Buffer.alloc(size, 1),
});

/** parseBody through real routes: JSON and multipart alike, limits while streaming, nothing left on disk. */
describe('parseBody', () => {
  let ctx: TestContext;
  let tmpDir: string;
  /** What the routes saw of their files, to show the files existed while the handler ran. */
  const seen: string[] = [];
  const leftBehind = async () => (await fs.readdir(tmpDir).catch(() => [] as string[])).sort();

  beforeAll(async () => {
    const schema = z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() });
    ctx = await createTestContext(
      {},
      {
        extraRoutes: (app) => {
          app.post('/probe', async (request) => {
            const body = await parseBody(request, schema, { files: { max: 2, maxBytes: 1024 } });
            for (const item of body.files) seen.push(await fs.readFile(item.path, 'utf8'));
            return { fields: body.fields, sizes: body.files.map((f) => f.size) };
          });
          app.post('/text-only', async (request) => ({ fields: (await parseBody(request, schema)).fields }));
          // Takes the files, then fails: the route never cleans up, the request's end does.
          app.post('/fails-after-upload', async (request) => {
            await parseBody(request, schema, { files: { max: 2, maxBytes: 1024 } });
            throw conflict('Something was in the way.');
          });
        },
      },
    );
    tmpDir = path.join(ctx.dataDir, 'tmp');
  });
  afterAll(() => ctx.close());

  const post = (url: string, form: { payload: Buffer | string; headers: Record<string, string> }) =>
    ctx.app.inject({ method: 'POST', url, ...form });

  it('reads JSON bodies', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/probe', payload: { name: 'Ada' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().fields).toEqual({ name: 'Ada' });
  });

  it('reads multipart fields, repeated `x[]` fields and files; the files are gone once it answered', async () => {
    const form = multipart({ name: 'Ada', 'tags[]': ['a', 'b'] }, [file('photo', 100)]);
    const response = await post('/probe', form);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ fields: { name: 'Ada', tags: ['a', 'b'] }, sizes: [100] });
    expect(seen.at(-1)).toHaveLength(100);
    expect(await leftBehind()).toEqual([]);
  });

  it('answers 422 with field errors and keeps no file', async () => {
    const response = await post('/probe', multipart({}, [file('photo', 10)]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    expect(await leftBehind()).toEqual([]);
  });

  it('removes the files of a route that fails after reading them, without the route cleaning up', async () => {
    const form = multipart({ name: 'Ada' }, [file('a', 500), file('b', 500)]);
    const response = await post('/fails-after-upload', form);
    expect(response.statusCode).toBe(409);
    expect(await leftBehind()).toEqual([]);
  });

  it('answers 413 for a file over the limit and keeps no file', async () => {
    const response = await post('/probe', multipart({ name: 'Ada' }, [file('photo', 5000, 'big.bin')]));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large.');
    expect(await leftBehind()).toEqual([]);
  });

  it('answers 413 for more files than the route takes', async () => {
    const form = multipart({ name: 'Ada' }, [file('a', 1), file('b', 1), file('c', 1)]);
    const response = await post('/probe', form);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: BODY_MESSAGES.tooManyFiles });
    expect(await leftBehind()).toEqual([]);
  });

  it('refuses a file part on a route that takes none with 415, and never writes it', async () => {
    await fs.mkdir(tmpDir, { recursive: true });
    const created: string[] = [];
    const watcher = watch(tmpDir, (_event, name) => created.push(String(name)));
    const response = await post('/text-only', multipart({ name: 'Ada' }, [file('photo', 5 * 1024 * 1024)]));
    // The watcher reports in order: once it has seen a marker written after the answer, it has seen
    // every file the request could have written before it.
    const marker = '.after-the-answer';
    await fs.writeFile(path.join(tmpDir, marker), '');
    await vi.waitFor(() => expect(created).toContain(marker), { timeout: 15_000 });
    watcher.close();
    await fs.rm(path.join(tmpDir, marker));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: BODY_MESSAGES.noFiles });
    expect(created.filter((name) => name !== marker)).toEqual([]);
  });

  it('answers 400 in the envelope for multipart without a boundary, or with a nameless part', async () => {
    const noBoundary = await post('/text-only', {
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json()).toEqual({ message: BODY_MESSAGES.malformed });

    const nameless = await post('/text-only', {
      payload: '--x\r\nContent-Disposition: form-data\r\n\r\nAda\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toEqual({ message: BODY_MESSAGES.namelessPart });
  });

  it('refuses a field over the field limit instead of cutting it short', async () => {
    const name = 'x'.repeat(FORM_LIMITS.fieldBytes + 1);
    const response = await post('/text-only', multipart({ name }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: BODY_MESSAGES.fieldsTooLarge });
  });

  it('refuses more fields than the limit, and more field bytes than the total limit', async () => {
    const many = Object.fromEntries(Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => [`f${i}`, 'x']));
    const tooMany = await post('/text-only', multipart({ name: 'Ada', ...many }));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: BODY_MESSAGES.tooManyFields });

    const count = Math.ceil(FORM_LIMITS.totalFieldBytes / FORM_LIMITS.fieldBytes) + 1;
    const big = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [`f${i}`, 'x'.repeat(FORM_LIMITS.fieldBytes - 10)]),
    );
    const tooBig = await post('/text-only', multipart({ name: 'Ada', ...big }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: BODY_MESSAGES.fieldsTooLarge });
  });

  it('keeps `__proto__[]` a plain field name and refuses prototype names such as `constructor` with 400', async () => {
    const plain = await post('/text-only', multipart({ name: 'Ada', '__proto__[]': 'x' }));
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ fields: { name: 'Ada' } });

    const prototypeName = await post('/text-only', multipart({ name: 'Ada', constructor: 'y' }));
    expect(prototypeName.statusCode).toBe(400);
    expect(prototypeName.json()).toEqual({ message: 'prototype property is not allowed as field name' });
  });

  it('refuses a NUL character in any text field, JSON or multipart, with a 422 naming the field', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/text-only', payload: { name: 'A\u0000da' } });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({
      message: 'The name may not contain a NUL character.',
      errors: { name: ['The name may not contain a NUL character.'] },
    });
    const form = await post('/text-only', multipart({ name: 'Ada', 'tags[]': ['ok', 'n\u0000'] }));
    expect(form.statusCode).toBe(422);
    expect(form.json().errors).toEqual({ tags: ['The tags may not contain a NUL character.'] });
  });
});
