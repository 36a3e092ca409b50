import fsp from 'node:fs/promises';
import type { SvgRasterizer } from '../media/svg-raster';
import { IMAGE_TYPE_MESSAGE } from '@pw/contracts';

/**
 * Uploaded images checked by their content, never by name or claimed type: the one check every form
 * that takes an image uses (profile photos, banner ads), before anything is stored.
 */

/** docs/product.md §13.6's image types (profile photos, banner images), recognised by their content, never by name or claimed type. */
export const IMAGE_FILE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type ImageExtension = keyof typeof IMAGE_FILE_TYPES;

export { IMAGE_TYPE_MESSAGE };
/** An SVG ffmpeg could not draw (broken, or too heavy to draw in time). */
export const SVG_UNREADABLE_MESSAGE = 'The SVG image could not be read. Please upload it as a PNG or JPG.';
/** This server's ffmpeg has no SVG decoder (decision 0275): refused rather than stored as a document. */
export const SVG_UNAVAILABLE_MESSAGE =
  'SVG images cannot be accepted at the moment. Please upload a PNG or JPG.';

export interface InspectedImage {
  path: string;
  /** Never 'svg' any more: an SVG is stored as the PNG drawn from it. */
  extension: ImageExtension;
}

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

/** The raster type from the file's first bytes (its "magic number"), or null. */
export function rasterTypeOf(head: Buffer): Exclude<ImageExtension, 'svg'> | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    head.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    head.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/**
 * An SVG is text (valid UTF-8) whose root element is <svg>, optionally after an XML declaration,
 * comments and a DOCTYPE without an internal subset (no entity definitions: no entity expansion for the
 * XML parser to run).
 */
const SVG_ROOT = /^(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*>)\s*)*<svg[\s>/]/i;

/** Whether `content` is an SVG we draw. What it contains does not matter: only its drawing is kept. */
export function isSvg(content: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  return SVG_ROOT.test(text.replace(/^\uFEFF/, '').trimStart());
}

/**
 * Checks an uploaded file: its type (by content) or the message to show on its field. An SVG is drawn
 * as a PNG into the same temporary file (decision 0275): what is stored and served is never an SVG.
 */
export async function inspectImage(
  filePath: string,
  svg: SvgRasterizer,
): Promise<InspectedImage | { error: string }> {
  const raster = rasterTypeOf(await readHead(filePath));
  if (raster) return { path: filePath, extension: raster };
  // Not a raster image: it may only be an SVG, which is text and read whole (at most 15 MB).
  if (!isSvg(await fsp.readFile(filePath))) return { error: IMAGE_TYPE_MESSAGE };
  const drawn = `${filePath}.png.part`;
  const result = await svg.toPng(filePath, drawn);
  if (result === 'unavailable') return { error: SVG_UNAVAILABLE_MESSAGE };
  if (result === 'unreadable' || rasterTypeOf(await readHead(drawn).catch(() => Buffer.alloc(0))) !== 'png') {
    await fsp.rm(drawn, { force: true });
    return { error: SVG_UNREADABLE_MESSAGE };
  }
  // The request's own temporary file now holds the PNG: it is removed with the request if not stored.
  await fsp.rename(drawn, filePath);
  return { path: filePath, extension: 'png' };
}

/** A file's first 16 bytes (its type's magic number). */
async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
