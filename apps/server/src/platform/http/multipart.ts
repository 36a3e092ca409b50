import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { registerRequestUploads } from './request-uploads';

/**
 * Limits of every multipart body (docs/decisions/0090), enforced while it streams: busboy stops at the
 * count and size limits, `parseBody` at the total of the text fields. Files are per route (`parseBody`).
 */
export const FORM_LIMITS = {
  /** One text field: the longest text of the contracts is 5,000 characters (at most 20 KB of UTF-8). */
  fieldBytes: 64 * 1024,
  /** All text fields of one form, names included: the same as a JSON body (`bodyLimit`). */
  totalFieldBytes: 1024 * 1024,
  /** Text fields of one form (repeated `video_ids[]` count one each). */
  fields: 100,
  /** Files of one form, on the route that takes the most (the clips of one video). */
  files: 20,
  /** Header lines and header bytes of one part (a name, a file name and a type need a few hundred). */
  headerPairs: 20,
  headerBytes: 16 * 1024,
};

/** @fastify/multipart with the limits above; temporary files go to `tmpDir` and end with their request. */
export async function registerMultipart(
  app: FastifyInstance,
  options: { tmpDir: string; maxFileBytes: number },
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: options.maxFileBytes,
      fieldSize: FORM_LIMITS.fieldBytes,
      fields: FORM_LIMITS.fields,
      files: FORM_LIMITS.files,
      parts: FORM_LIMITS.fields + FORM_LIMITS.files,
      headerPairs: FORM_LIMITS.headerPairs,
      // Passed through to busboy, which reads it; the plugin's types do not list it.
      ...{ headerSize: FORM_LIMITS.headerBytes },
    },
  });
  registerRequestUploads(app, options.tmpDir);
}
