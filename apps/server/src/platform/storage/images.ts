import fsp from 'node:fs/promises';

/**
 * Uploaded images checked by their content, never by name or claimed type: the one check every form
 * that takes an image uses (profile photos, banner ads), before anything is stored.
 */

/** Spec §5's image types (profile photos, banner images), recognised by their content, never by name or claimed type. */
export const IMAGE_FILE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type ImageExtension = keyof typeof IMAGE_FILE_TYPES;

/** Spec §5's image uploader message, word for word. */
export const IMAGE_TYPE_MESSAGE = 'Only image files (jpg, png, gif, webp, svg) are allowed.';
export const SVG_ACTIVE_CONTENT_MESSAGE = 'The SVG image may not contain scripts or embedded content.';

export interface InspectedImage {
  path: string;
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
 * comments and a DOCTYPE without an internal subset (no entity definitions).
 */
const SVG_ROOT = /^(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>[]*>)\s*)*<svg[\s>/]/i;

/**
 * Anything that can run or pull in content when an SVG is opened as a document: script elements,
 * event-handler attributes, javascript: URLs, embedded HTML and frames. Served photos also carry a
 * CSP that forbids scripts (media route), so this is a second line, not the only one.
 */
const SVG_ACTIVE_CONTENT =
  /<script[\s>/]|<foreignObject[\s>/]|<iframe[\s>/]|<embed[\s>/]|<object[\s>/]|<handler[\s>/]|\son[a-z]+\s*=|javascript:|<!ENTITY/i;

export type SvgVerdict = 'svg' | 'not-svg' | 'active-content';

export function svgVerdict(content: Buffer): SvgVerdict {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return 'not-svg';
  }
  text = text.replace(/^\uFEFF/, '').trimStart();
  if (!SVG_ROOT.test(text)) return 'not-svg';
  return SVG_ACTIVE_CONTENT.test(text) ? 'active-content' : 'svg';
}

/** Checks an uploaded file: its type (by content) or the message to show on its field. */
export async function inspectImage(filePath: string): Promise<InspectedImage | { error: string }> {
  const handle = await fsp.open(filePath, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(16);
    const { bytesRead } = await handle.read(buffer, 0, 16, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const raster = rasterTypeOf(head);
  if (raster) return { path: filePath, extension: raster };
  // Not a raster image: it may only be an SVG, which is text and read whole (at most 15 MB).
  const verdict = svgVerdict(await fsp.readFile(filePath));
  if (verdict === 'svg') return { path: filePath, extension: 'svg' };
  return { error: verdict === 'active-content' ? SVG_ACTIVE_CONTENT_MESSAGE : IMAGE_TYPE_MESSAGE };
}
