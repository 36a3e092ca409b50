import path from 'node:path';
import { z } from 'zod';
import { passwordField, POLICY_VERSION_PATTERN } from '@pw/contracts';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { Temporal } from 'temporal-polyfill';
import { decodeMediaKey } from './storage/media-keyring';

/** A YYYY-MM-DD that names a day of the calendar (not 2024-02-30). */
function isCalendarDay(day: string): boolean {
  try {
    Temporal.PlainDate.from(day, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/** APP_SECRET keys HMACs (media URLs, watch links, reset codes): at least 256 bits. */
export const MIN_SECRET_BYTES = 32;

/**
 * Configuration is read once, from environment variables. Every bad key is named in one error so an
 * operator fixes them all in one go. Names are fixed (README's configuration table): operators and scripts rely on them.
 */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Parting Words <no-reply@partingwords.local>'),
  // The mail server's credential for piping bounce reports in (decision 0385); unset: the call answers 404.
  MAIL_BOUNCE_SECRET: optionalText.refine(
    (secret) => secret === undefined || Buffer.byteLength(secret) >= MIN_SECRET_BYTES,
    `must be at least ${MIN_SECRET_BYTES} bytes (e.g. the output of: openssl rand -hex 32)`,
  ),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  // The same rule as every other password (8 to 128 characters).
  ADMIN_PASSWORD: optionalText.pipe(passwordField.optional()),
  // The first administrator's name ("First Last"); without it the account has none and is greeted neutrally.
  ADMIN_NAME: optionalText.pipe(z.string().max(100).optional()),
  APP_SECRET: optionalText.refine(
    (secret) => secret === undefined || Buffer.byteLength(secret) >= MIN_SECRET_BYTES,
    `must be at least ${MIN_SECRET_BYTES} bytes (e.g. the output of: openssl rand -base64 32)`,
  ),
  // Media encryption keys (32 bytes, base64): the newest wraps new objects, older ones still read theirs.
  MEDIA_KEY: optionalText.refine(
    (key) => key === undefined || decodeMediaKey(key) !== null,
    'must be 32 bytes in base64 (e.g. the output of: openssl rand -base64 32)',
  ),
  MEDIA_KEYS_OLD: optionalText.refine(
    (keys) => keys === undefined || keys.split(',').every((key) => decodeMediaKey(key) !== null),
    'must be a comma-separated list of 32-byte base64 keys',
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, ctx): TrustProxy => {
      const setting = parseTrustProxy(text);
      if (!setting || !('error' in setting)) return setting;
      ctx.addIssue({ code: 'custom', message: setting.error });
      return z.NEVER;
    }),
  // Only the embedded sandbox exists (decision 0155): a real provider's name is refused rather than
  // silently running the sandbox, which would accept test cards and charge nobody.
  PAYMENT_PROVIDER: z
    .enum(['sandbox'], {
      error:
        'only "sandbox" (the embedded test provider) is available; no real payment provider is built in yet',
    })
    .default('sandbox'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  // docs/operations.md §Automatic captions: the folder of a Whisper model exported to ONNX; unset, the
  // server writes no captions by itself and says so to the owners who ask.
  ASR_MODEL_DIR: optionalText,
  // The SHA-256 of each of that model's files, as `name=sum` pairs separated by commas: a file whose bytes
  // differ, or that has no sum here, is refused before the engine opens it.
  ASR_MODEL_SHA256: optionalText.transform((text, ctx): Record<string, string> => {
    const pins: Record<string, string> = {};
    for (const pair of (text ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const match = /^([^=\s/]+)=([0-9a-fA-F]{64})$/.exec(pair);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `"${pair}" is not file-name=sha256 (64 hex digits)` });
        return z.NEVER;
      }
      pins[match[1]!] = match[2]!.toLowerCase();
    }
    return pins;
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Placeholders of the public pages (contract: {email}, phone, address come from configuration).
  SUPPORT_EMAIL: z.string().default('support@partingwords.local'),
  SUPPORT_PHONE: z.string().default('+1 (555) 010-0100'),
  SUPPORT_ADDRESS: z.string().default('123 dummy street'),
  // The privacy policy's and terms' version and the day it took effect (docs/product.md §11.7): raising the
  // version tells every active account once and asks each to acknowledge it.
  POLICY_VERSION: z
    .string()
    .trim()
    .regex(POLICY_VERSION_PATTERN, 'must be 1 to 32 letters, digits, dots or dashes (e.g. 2 or 2026-11)')
    .default('1'),
  POLICY_DATE: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
    .refine(isCalendarDay, 'must be a date, YYYY-MM-DD')
    .default('2024-01-01'),
  // docs/product.md §6.4: waiting periods, check-in intervals and reminders count in days, or in minutes
  // (or ten seconds, the browser tests' unit) so the whole legacy release can be tried from outside
  // (acceptance, demos); both refused in production below.
  LEGACY_WAIT_UNIT: z.enum(['day', 'minute', 'ten-seconds']).default('day'),
  // docs/product.md §11.9: days a deactivated account's media and personal data are kept before they are
  // deleted. At least 30, so the two notices (30 and 7 days before) both have their day.
  RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(365),
  // docs/product.md §5.9: how often the yearly address check looks for owners due (a day at most, so no
  // owner waits long past their year); acceptance runs shorten it to see a check at once.
  ADDRESS_CHECK_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  // The policy announcement's pace (docs/product.md §11.7): one batch of accounts a run, a run every 30
  // seconds; acceptance runs shorten it so a new version's e-mail is seen within seconds.
  POLICY_ANNOUNCE_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  NODE_ENV: optionalText,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<Env, 'PUBLIC_URL' | 'DATA_DIR'> {
  PUBLIC_URL: string;
  DATA_DIR: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const problems: string[] = [];
  if (value.STORAGE === 's3') {
    for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!value[key]) problems.push(`  ${key}: required when STORAGE=s3`);
    }
  }
  if (value.ADMIN_EMAIL && !value.ADMIN_PASSWORD)
    problems.push('  ADMIN_PASSWORD: required with ADMIN_EMAIL');
  if (value.LEGACY_WAIT_UNIT !== 'day' && value.NODE_ENV === 'production')
    problems.push(
      `  LEGACY_WAIT_UNIT: "${value.LEGACY_WAIT_UNIT}" is for acceptance and demos, refused when NODE_ENV=production`,
    );
  // A process of a split installation generating its own secret or key in its DATA_DIR would sign links
  // the others refuse and encrypt media the others cannot read: only ROLE=all may generate them.
  if (value.ROLE !== 'all')
    for (const key of ['APP_SECRET', 'MEDIA_KEY'] as const)
      if (!value[key])
        problems.push(
          `  ${key}: required when ROLE=${value.ROLE} (every process of the installation needs the same one; only ROLE=all generates it into DATA_DIR)`,
        );
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    ...value,
    DATA_DIR: path.resolve(value.DATA_DIR),
    PUBLIC_URL: value.PUBLIC_URL ?? `http://localhost:${value.PORT}`,
  };
}
