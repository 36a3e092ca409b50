import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test/helpers';
import { createMailer } from './mailer';

describe('outbox mailer', () => {
  it('writes each message as an .eml file and logs one line, the recipient masked', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-mail-'));
    const lines: unknown[] = [];
    const mailer = createMailer({
      from: 'Parting Words <no-reply@test.local>',
      outboxDir: path.join(dataDir, 'outbox'),
      logger: { info: (...args: unknown[]) => lines.push(args) } as never,
    });
    await mailer.send({
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Plain body',
      html: '<p>Html body</p>',
    });
    const mails = await readOutbox(dataDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'someone@example.com', subject: 'Hello' });
    expect(mails[0]!.text.trim()).toBe('Plain body');
    expect(mails[0]!.html).toContain('Html body');
    expect(lines).toEqual([
      [expect.objectContaining({ to: 's***@example.com', subject: 'Hello' }), 'mail written to outbox'],
    ]);
    const leftovers = (await fs.readdir(path.join(dataDir, 'outbox'))).filter((n) => !n.endsWith('.eml'));
    expect(leftovers).toEqual([]);
    // Readable by the server's own user only (the test process keeps its default umask).
    const outbox = path.join(dataDir, 'outbox');
    const [eml] = await fs.readdir(outbox);
    expect(((await fs.stat(path.join(outbox, eml!))).mode & 0o777).toString(8)).toBe('600');
    expect(((await fs.stat(outbox)).mode & 0o777).toString(8)).toBe('700');
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});
