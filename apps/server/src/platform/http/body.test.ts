import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, multipart, type TestContext } from '../../../test/helpers';
import { parseBody } from './body';

/** parseBody through a real route: JSON and multipart alike, validation in the spec's envelope. */
describe('parseBody', () => {
  let ctx: TestContext;
  let tmpDir: string;
  beforeAll(async () => {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-body-'));
    const schema = z.object({ name: z.string().min(1), tags: z.array(z.string()).optional() });
    ctx = await createTestContext(
      {},
      {
        extraRoutes: (app) =>
          app.post('/probe', async (request) => {
            const body = await parseBody(request, schema, { tmpDir, maxFileBytes: 1024 });
            try {
              return { fields: body.fields, sizes: body.files.map((f) => f.size) };
            } finally {
              await body.cleanup();
            }
          }),
      },
    );
  });
  afterAll(async () => {
    await ctx.close();
    await fs.rm(tmpDir, { recursive: true, force: true });
  });

  it('reads JSON bodies', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/probe', payload: { name: 'Ada' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().fields).toEqual({ name: 'Ada' });
  });

  it('reads multipart fields, repeated `x[]` fields and files, then removes the temporary files', async () => {
    const form = multipart({ name: 'Ada', 'tags[]': ['a', 'b'] }, [
      {
        field: 'photo',
        filename: 'p.bin',
        contentType: 'application/octet-stream',
        content: Buffer.alloc(100, 1),
      },
    ]);
    const response = await ctx.app.inject({ method: 'POST', url: '/probe', ...form });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ fields: { name: 'Ada', tags: ['a', 'b'] }, sizes: [100] });
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });

  it('answers 422 with field errors and keeps no file', async () => {
    const form = multipart({}, [
      {
        field: 'photo',
        filename: 'p.bin',
        contentType: 'application/octet-stream',
        content: Buffer.alloc(10),
      },
    ]);
    const response = await ctx.app.inject({ method: 'POST', url: '/probe', ...form });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });

  it('answers 413 for a file over the limit and keeps no file', async () => {
    const form = multipart({ name: 'Ada' }, [
      {
        field: 'photo',
        filename: 'big.bin',
        contentType: 'application/octet-stream',
        content: Buffer.alloc(5000),
      },
    ]);
    const response = await ctx.app.inject({ method: 'POST', url: '/probe', ...form });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large.');
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });
});
