import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults of ARCHITECTURE.md', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.STORAGE).toBe('local');
    expect(config.ROLE).toBe('all');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('names every bad key in one error', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', ROLE: 'boss', STORAGE: 'floppy' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('ROLE');
    expect(message).toContain('STORAGE');
  });

  it('requires the S3 settings when STORAGE=s3 and a password with ADMIN_EMAIL', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('takes an optional ADMIN_NAME of at most 100 characters', () => {
    expect(loadConfig({}).ADMIN_NAME).toBeUndefined();
    expect(loadConfig({ ADMIN_NAME: '   ' }).ADMIN_NAME).toBeUndefined();
    expect(loadConfig({ ADMIN_NAME: ' Morgan Lee ' }).ADMIN_NAME).toBe('Morgan Lee');
    expect(() => loadConfig({ ADMIN_NAME: 'x'.repeat(101) })).toThrow(/ADMIN_NAME/);
  });
});
