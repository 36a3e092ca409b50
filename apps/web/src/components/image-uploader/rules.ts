import { IMAGE_TYPE_MESSAGE } from '@pw/contracts';
/**
 * The image uploader rules of docs/product.md §13.6: jpeg, png, gif, webp or svg only; at most `max` files (3 by
 * default, 1 for sign-up photos); the hint promises 15 MB, so larger files are refused here too.
 * Mirrors IMAGE_TYPES / IMAGE_MAX_BYTES of @pw/contracts (kept local so this chunk does not pull in zod).
 */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'];
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 3;

export const countError = (max: number) => `You can only upload up to ${max} files.`;
export const SIZE_ERROR = 'Each image must be 15 MB or smaller.';
export const UPLOAD_HINT = 'Upload Image JPG, JPEG max (15 MB)';

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** Some systems give no MIME type for a file; fall back to its extension. */
export function imageType(file: Pick<File, 'name' | 'type'>): string {
  if (file.type) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[extension] ?? '';
}

export interface AddResult {
  files: File[];
  error: string | null;
}

/**
 * Adds a selection to the current files. Files of another type are refused with the type message;
 * a selection that would go over the limit is refused whole with the count message. With a limit of
 * one, picking a single new image replaces the current one (what a person choosing a photo expects).
 */
export function addImages(current: File[], incoming: File[], max = DEFAULT_MAX_FILES): AddResult {
  const images = incoming.filter((file) => IMAGE_TYPES.includes(imageType(file)));
  let error: string | null = images.length < incoming.length ? IMAGE_TYPE_MESSAGE : null;
  const sized = images.filter((file) => file.size <= IMAGE_MAX_BYTES);
  if (sized.length < images.length) error ??= SIZE_ERROR;
  if (sized.length === 0) return { files: current, error };

  if (max === 1 && sized.length === 1) return { files: sized, error };
  const fresh = sized.filter(
    (file) => !current.some((kept) => kept.name === file.name && kept.size === file.size),
  );
  if (current.length + fresh.length > max) return { files: current, error: countError(max) };
  return { files: [...current, ...fresh], error };
}
