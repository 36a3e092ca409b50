import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { accountRoutes } from '@pw/contracts';
import type { Storage } from '../../../platform/storage/storage';
import { IMAGE_FILE_TYPES, type InspectedImage } from '../../../platform/storage/images';

// The content check is the platform's (banner ads use it too); accounts keeps its own names for it.
export {
  IMAGE_FILE_TYPES as PHOTO_TYPES,
  IMAGE_TYPE_MESSAGE,
  SVG_UNAVAILABLE_MESSAGE,
  SVG_UNREADABLE_MESSAGE,
  rasterTypeOf,
  isSvg,
  inspectImage as inspectPhoto,
  type ImageExtension as PhotoExtension,
  type InspectedImage as InspectedPhoto,
} from '../../../platform/storage/images';

/** Photos are stored as `photos/<32 hex digits>.<ext>` and served at this path (docs/decisions/0033). */
export const PHOTO_URL_PREFIX = `/api${accountRoutes.photo.path.replace(':name', '')}`;
export const PHOTO_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|gif|webp|svg)$/;

export const photoUrl = (key: string | null): string | null =>
  key ? `${PHOTO_URL_PREFIX}${key.slice('photos/'.length)}` : null;

/** Moves an inspected upload into storage under an unguessable name; returns its storage key. */
export async function storePhoto(storage: Storage, photo: InspectedImage): Promise<string> {
  const key = `photos/${randomBytes(16).toString('hex')}.${photo.extension}`;
  await storage.putFile(key, photo.path, IMAGE_FILE_TYPES[photo.extension]);
  return key;
}

/** Deletes a photo no row points at any more: a leftover file is harmless, so a failure is only logged. */
export async function deletePhoto(
  storage: Storage,
  logger: Pick<FastifyBaseLogger, 'warn'>,
  key: string | null,
): Promise<void> {
  if (!key) return;
  await storage.delete(key).catch((error) => logger.warn({ err: error, key }, 'photo not deleted'));
}
