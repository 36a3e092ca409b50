import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { resolveAppSecret } from './secrets';

describe('resolveAppSecret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-secret-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const file = () => path.join(dataDir, 'app-secret');

  it('uses APP_SECRET when set, and writes nothing', () => {
    expect(resolveAppSecret('s'.repeat(40), dataDir)).toBe('s'.repeat(40));
    expect(fs.existsSync(file())).toBe(false);
  });

  it('generates one secret of 32 random bytes, kept for the next start, readable by the owner only', () => {
    const first = resolveAppSecret(undefined, dataDir);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(resolveAppSecret(undefined, dataDir)).toBe(first);
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['app-secret']);
  });

  it('stops on an empty or short secret file, naming the file and what to do', () => {
    fs.writeFileSync(file(), '');
    const empty = (() => {
      try {
        resolveAppSecret(undefined, dataDir);
      } catch (error) {
        return error;
      }
    })();
    expect(empty).toBeInstanceOf(ConfigError);
    expect((empty as Error).message).toContain(`the generated secret in ${file()} is empty`);
    expect((empty as Error).message).toContain('Restore the file from a backup, or set APP_SECRET');
    fs.writeFileSync(file(), '  short \n');
    expect(() => resolveAppSecret(undefined, dataDir)).toThrow(/is only 5 bytes long/);
  });
});
