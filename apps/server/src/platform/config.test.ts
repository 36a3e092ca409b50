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

  it('LEGACY_WAIT_UNIT: day by default, minute and ten-seconds allowed, but refused when NODE_ENV=production', () => {
    expect(loadConfig({}).LEGACY_WAIT_UNIT).toBe('day');
    expect(loadConfig({ LEGACY_WAIT_UNIT: 'minute' }).LEGACY_WAIT_UNIT).toBe('minute');
    expect(loadConfig({ LEGACY_WAIT_UNIT: 'ten-seconds' }).LEGACY_WAIT_UNIT).toBe('ten-seconds');
    expect(loadConfig({ LEGACY_WAIT_UNIT: 'day', NODE_ENV: 'production' }).LEGACY_WAIT_UNIT).toBe('day');
    for (const unit of ['minute', 'ten-seconds'])
      expect(() => loadConfig({ LEGACY_WAIT_UNIT: unit, NODE_ENV: 'production' })).toThrow(
        `LEGACY_WAIT_UNIT: "${unit}" is for acceptance and demos`,
      );
    expect(() => loadConfig({ LEGACY_WAIT_UNIT: 'second' })).toThrow(/LEGACY_WAIT_UNIT/);
  });

  it('RETENTION_DAYS: 365 by default, whole days from 30 to 3650, anything else named', () => {
    expect(loadConfig({}).RETENTION_DAYS).toBe(365);
    expect(loadConfig({ RETENTION_DAYS: '30' }).RETENTION_DAYS).toBe(30);
    for (const bad of ['29', '3651', '90.5', 'a year'])
      expect(() => loadConfig({ RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS/);
  });

  it('ASR_MODEL_SHA256: name=sum pairs read into pins (sums in lower case), a bad pair named', () => {
    const sum = 'AB'.repeat(32);
    expect(loadConfig({}).ASR_MODEL_SHA256).toEqual({});
    expect(
      loadConfig({ ASR_MODEL_SHA256: ` a-encoder.onnx=${sum}, a-tokens.txt=${'0'.repeat(64)} ` })
        .ASR_MODEL_SHA256,
    ).toEqual({
      'a-encoder.onnx': sum.toLowerCase(),
      'a-tokens.txt': '0'.repeat(64),
    });
    for (const bad of ['a-encoder.onnx', `a-encoder.onnx=${sum.slice(1)}`, `dir/a.onnx=${sum}`, `=${sum}`])
      expect(() => loadConfig({ ASR_MODEL_SHA256: bad })).toThrow(/ASR_MODEL_SHA256/);
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

  it('refuses an API or worker process without APP_SECRET and MEDIA_KEY, naming both; ROLE=all generates them', () => {
    const secret = 'a-secret-of-at-least-thirty-two-bytes-long';
    const key = Buffer.alloc(32, 7).toString('base64');
    for (const role of ['api', 'worker']) {
      expect(() => loadConfig({ ROLE: role })).toThrow(ConfigError);
      expect(() => loadConfig({ ROLE: role })).toThrow(
        /APP_SECRET: required when ROLE=.*\n\s+MEDIA_KEY: required/s,
      );
      expect(() => loadConfig({ ROLE: role, APP_SECRET: secret })).toThrow(/MEDIA_KEY: required when ROLE=/);
      expect(() => loadConfig({ ROLE: role, MEDIA_KEY: key })).toThrow(/APP_SECRET: required when ROLE=/);
      expect(loadConfig({ ROLE: role, APP_SECRET: secret, MEDIA_KEY: key }).ROLE).toBe(role);
    }
    expect(loadConfig({ ROLE: 'all' }).APP_SECRET).toBeUndefined();
  });

  it('takes an optional ADMIN_NAME of at most 100 characters', () => {
    expect(loadConfig({}).ADMIN_NAME).toBeUndefined();
    expect(loadConfig({ ADMIN_NAME: '   ' }).ADMIN_NAME).toBeUndefined();
    expect(loadConfig({ ADMIN_NAME: ' Morgan Lee ' }).ADMIN_NAME).toBe('Morgan Lee');
    expect(() => loadConfig({ ADMIN_NAME: 'x'.repeat(101) })).toThrow(/ADMIN_NAME/);
  });

  it('trusts no proxy by default: the TCP peer is the client', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,::1, fd00::/8, loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', '192.0.2.7', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses a TRUST_PROXY that would let any client choose its address, or that it cannot read', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: trusting every hop lets any client/,
    );
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.1,', '1.2.3.4/8/8', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: not a hop count/);
  });

  it('refuses an APP_SECRET shorter than 32 bytes', () => {
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(31) })).toThrow(/APP_SECRET: must be at least 32 bytes/);
    // Bytes, not characters: 16 two-byte characters are enough.
    expect(loadConfig({ APP_SECRET: 'é'.repeat(16) }).APP_SECRET).toBe('é'.repeat(16));
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).APP_SECRET).toBe('x'.repeat(32));
  });

  it('holds ADMIN_PASSWORD to the password rule', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'admin' })).toThrow(
      /ADMIN_PASSWORD: The password must be at least 8 characters\./,
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'x'.repeat(129) })).toThrow(
      /ADMIN_PASSWORD: The password may not/,
    );
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'long-enough' }).ADMIN_PASSWORD).toBe(
      'long-enough',
    );
  });

  it('runs the embedded payment sandbox, and refuses a provider it does not have', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER: only "sandbox" \(the embedded test provider\) is available; no real payment provider is built in yet/,
    );
  });
});
