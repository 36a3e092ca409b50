import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import type { z } from 'zod';
import { AppError, badRequest, tooLarge, validationFailed, type FieldErrors } from '../errors';
import { FORM_LIMITS } from './multipart';
import { uploadsOf } from './request-uploads';
import { parseOrThrow } from './zod-errors';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  path: string;
  size: number;
}

export interface ParsedBody<T> {
  fields: T;
  /** Temporary files; they are removed when the request ends (request-uploads.ts), stored or not. */
  files: UploadedFile[];
}

export interface BodyOptions {
  /** The files this call takes. Without it a file part is refused (415) before a byte of it is read. */
  files?: {
    max: number;
    /** Largest single file (bytes): over it the request is refused with 413. */
    maxBytes: number;
    /** The 413 message for a file over `maxBytes`. */
    tooLargeMessage?: string;
  };
}

export const BODY_MESSAGES = {
  malformed: 'The request body is not valid multipart/form-data.',
  namelessPart: 'Every part of the form needs a name.',
  noFiles: 'This request does not take files.',
  tooManyFiles: 'Too many files.',
  tooManyFields: 'Too many form fields.',
  fieldsTooLarge: 'The form fields are too large.',
};

/**
 * Reads a JSON or multipart body into one object and validates it with a zod schema. The existing client
 * sends some calls as multipart and others as JSON; each endpoint accepts both. Files stream to the
 * request's temporary folder (never held in memory); text fields are counted while they stream and the
 * body is refused as soon as a limit is passed (docs/decisions/0090).
 */
export async function parseBody<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: BodyOptions = {},
): Promise<ParsedBody<z.output<S>>> {
  if (!request.isMultipart()) {
    const raw = request.body && typeof request.body === 'object' ? request.body : {};
    refuseNulCharacters(raw as Record<string, unknown>);
    return { fields: parseOrThrow(schema, raw), files: [] };
  }
  const { fields, files } = await readMultipart(request, options);
  refuseNulCharacters(fields);
  return { fields: parseOrThrow(schema, fields), files };
}

async function readMultipart(request: FastifyRequest, options: BodyOptions) {
  const accepted = options.files;
  // A null prototype: field names such as `__proto__[]` or `constructor` are plain keys here.
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const files: UploadedFile[] = [];
  let fieldBytes = 0;
  try {
    const parts = request.parts({
      limits: { files: accepted?.max ?? 0, fileSize: accepted?.maxBytes ?? 0 },
    });
    for await (const part of parts) {
      if (!part.fieldname) throw badRequest(BODY_MESSAGES.namelessPart);
      if (part.type === 'file') {
        const file = await saveFile(request, part, accepted?.tooLargeMessage);
        if (file) files.push(file);
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge(BODY_MESSAGES.fieldsTooLarge);
      const text = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      fieldBytes += Buffer.byteLength(part.fieldname) + Buffer.byteLength(text ?? '');
      if (fieldBytes > FORM_LIMITS.totalFieldBytes) throw tooLarge(BODY_MESSAGES.fieldsTooLarge);
      addField(fields, part.fieldname, part.value);
    }
  } catch (error) {
    stopReading(request);
    throw asRequestError(error, accepted);
  }
  return { fields, files };
}

/** Streams one file part to disk; an empty nameless part (an empty file input) is "no file". */
async function saveFile(
  request: FastifyRequest,
  part: Extract<Multipart, { type: 'file' }>,
  tooLargeMessage?: string,
): Promise<UploadedFile | null> {
  const target = await uploadsOf(request).write(part.file);
  if (part.file.truncated) throw tooLarge(tooLargeMessage);
  const size = (await fsp.stat(target)).size;
  if (size === 0 && !part.filename) return null;
  return { field: part.fieldname, filename: part.filename, mimetype: part.mimetype, path: target, size };
}

/**
 * After a refusal the rest of the body is not parsed: it is read and dropped as it arrives (as Fastify
 * does past its JSON `bodyLimit`), so the answer goes out at once and nothing more is held in memory.
 */
function stopReading(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}

/** Limits become 413/415, any parser complaint a 400; a failure of our own disk stays a 500. */
function asRequestError(error: unknown, accepted: BodyOptions['files']): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode, syscall, message } = (error ?? {}) as {
    code?: string;
    statusCode?: number;
    syscall?: string;
    message?: string;
  };
  if (syscall) return error;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(accepted?.tooLargeMessage);
    case 'FST_FILES_LIMIT':
      return accepted ? tooLarge(BODY_MESSAGES.tooManyFiles) : new AppError(415, BODY_MESSAGES.noFiles);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooLarge(BODY_MESSAGES.tooManyFields);
  }
  // The plugin's own refusals (a field named like a prototype property, a JSON field that is not JSON).
  if (statusCode && statusCode >= 400 && statusCode < 500)
    return new AppError(statusCode, message ?? BODY_MESSAGES.malformed);
  return badRequest(BODY_MESSAGES.malformed);
}

/** PostgreSQL cannot store U+0000 in text: a field that carries one is refused, never sent to the database. */
export function refuseNulCharacters(fields: Record<string, unknown>) {
  const errors: FieldErrors = {};
  for (const [field, value] of Object.entries(fields)) {
    if (containsNul(value))
      errors[field] = [`The ${field.replace(/_/g, ' ')} may not contain a NUL character.`];
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

/** Walks a JSON value without recursion: a body may nest arrays a hundred thousand levels deep. */
function containsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const child of Object.values(item)) pending.push(child);
    }
  }
  return false;
}

/** Repeated fields (`ids[]`, or the same name twice) become arrays. */
function addField(target: Record<string, unknown>, name: string, value: unknown) {
  const key = name.endsWith('[]') ? name.slice(0, -2) : name;
  const existing = target[key];
  if (name.endsWith('[]')) {
    target[key] = Array.isArray(existing)
      ? [...existing, value]
      : existing === undefined
        ? [value]
        : [existing, value];
  } else if (existing !== undefined) {
    target[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  } else {
    target[key] = value;
  }
}
