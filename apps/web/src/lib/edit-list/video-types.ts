/**
 * docs/product.md §13.6: the video types an upload accepts. The browser's `File.type` is checked first; some systems
 * leave it empty for Matroska, AVI or WMV files, so the extension decides then. The server checks the
 * content again (docs/product.md §3), so this is a convenience for the person, not a security boundary.
 */
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/webm',
  'video/ogg',
  'video/avi',
  'video/mpeg',
  'video/quicktime',
  'video/x-matroska',
  'video/x-ms-wmv',
  'video/x-msvideo',
] as const;

const EXTENSION_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  ogg: 'video/ogg',
  avi: 'video/x-msvideo',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  mkv: 'video/x-matroska',
  wmv: 'video/x-ms-wmv',
};

/** The `accept` attribute of the file pickers: the MIME types plus the extensions named above. */
export const VIDEO_ACCEPT = [
  ...VIDEO_MIME_TYPES,
  ...Object.keys(EXTENSION_TYPES).map((ext) => `.${ext}`),
].join(',');

export { ONLY_VIDEO_MESSAGE } from '@pw/contracts';

/** The MIME type to keep for a file, or null when it is not an accepted video. */
export function videoTypeOf(file: { name: string; type: string }): string | null {
  const base = file.type.split(';')[0]!.trim().toLowerCase();
  if (base) return (VIDEO_MIME_TYPES as readonly string[]).includes(base) ? base : null;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? null;
}
