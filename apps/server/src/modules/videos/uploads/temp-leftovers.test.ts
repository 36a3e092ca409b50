import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../platform/clock';
import { removeTempLeftovers } from './temp-leftovers';

describe('temporary leftovers at start', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('removes the unencrypted resumable uploads an older release kept in DATA_DIR/uploads, saying so', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pw-leftovers-'));
    dirs.push(dataDir);
    await fs.mkdir(path.join(dataDir, 'uploads'));
    await fs.writeFile(path.join(dataDir, 'uploads', 'a'.repeat(32)), 'clear bytes of a clip');
    await fs.writeFile(path.join(dataDir, 'uploads', `${'a'.repeat(32)}.json`), '{}');
    const said: unknown[] = [];
    const logger = { info: (...args: unknown[]) => said.push(args), error: () => {} };
    await removeTempLeftovers(dataDir, new FakeClock(new Date()), logger);
    await expect(fs.stat(path.join(dataDir, 'uploads'))).rejects.toThrow(/ENOENT/);
    expect(said).toEqual([
      [expect.objectContaining({ files: 2 }), 'removed unencrypted uploads of an older version'],
    ]);
    // Nothing to say on the next start.
    await removeTempLeftovers(dataDir, new FakeClock(new Date()), logger);
    expect(said).toHaveLength(1);
  });
});
