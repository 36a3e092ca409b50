import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, tooLarge } from '../errors';
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
  files: UploadedFile[];
  /** Removes every temporary file; call in `finally` once the files are stored or refused. */
  cleanup(): Promise<void>;
}

export interface BodyOptions {
  /** Largest single file accepted (bytes): over it the request is refused with 413. */
  maxFileBytes?: number;
  maxFiles?: number;
  tmpDir?: string;
}

/**
 * Reads a JSON, urlencoded or multipart body into one object and validates it with a zod schema.
 * The spec's client sends some calls as multipart and others as JSON; each endpoint accepts both.
 * Files stream to a temporary folder (never held in memory) and are removed again by `cleanup()`,
 * or at once when validation fails, so a refused request leaves nothing behind.
 */
export async function parseBody<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  options: BodyOptions = {},
): Promise<ParsedBody<z.output<S>>> {
  const files: UploadedFile[] = [];
  const cleanup = async () => {
    await Promise.all(files.map((file) => fsp.rm(file.path, { force: true })));
  };
  let raw: Record<string, unknown> = {};
  try {
    if (request.isMultipart()) {
      const tmpDir = options.tmpDir ?? os.tmpdir();
      await fsp.mkdir(tmpDir, { recursive: true });
      const parts = request.parts({
        limits: { fileSize: options.maxFileBytes ?? 15 * 1024 * 1024, files: options.maxFiles ?? 10 },
      });
      for await (const part of parts) {
        if (part.type === 'file') {
          const target = path.join(tmpDir, `upload-${randomUUID()}`);
          const file: UploadedFile = {
            field: part.fieldname,
            filename: part.filename,
            mimetype: part.mimetype,
            path: target,
            size: 0,
          };
          files.push(file);
          await pipeline(part.file, fs.createWriteStream(target));
          if (part.file.truncated) throw tooLarge();
          file.size = (await fsp.stat(target)).size;
          if (file.size === 0 && !part.filename) {
            // An empty file input is sent as a nameless empty part: treat it as "no file".
            files.pop();
            await fsp.rm(target, { force: true });
          }
        } else {
          addField(raw, part.fieldname, part.value);
        }
      }
    } else if (request.body && typeof request.body === 'object') {
      raw = request.body as Record<string, unknown>;
    }
    return { fields: parseOrThrow(schema, raw), files, cleanup };
  } catch (error) {
    await cleanup();
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'Too many files.');
    throw error;
  }
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
