import { MEDIA_MESSAGES } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { checkMediaSignature, parseRange } from '../../platform/http/signed-url';
import type { Storage } from '../../platform/storage/storage';
import type { ObjectRecords } from '../../platform/storage/object-records';
import { isActiveAccount } from '../accounts';
import { CAPTION_KEY_PREFIX } from '../captions';
import type { MediaRepo } from './media.repo';
import { openChecked, refused } from './media.read';

/** A deactivated owner's video, as if it were gone (docs/product.md §2.6). */
export const MEDIA_UNAVAILABLE = 'This video is no longer available.';

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  // Banner ad images (checked by content on upload, platform/storage/images).
  gif: 'image/gif',
  svg: 'image/svg+xml',
  // Caption tracks (docs/product.md §4.7), which a <track> reads as text.
  vtt: 'text/vtt; charset=utf-8',
};

const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export interface MediaServiceDeps {
  storage: Storage;
  repo: MediaRepo;
  clock: Clock;
  /** Signs and checks media URLs (platform/http/signed-url.ts). */
  secret: string;
  /** Marks an object whose read failed its integrity check (decision 0340). */
  objects: Pick<ObjectRecords, 'damagedOnRead'>;
  /** Tells the administrators and the owner of damages not told yet (the integrity sweep's notices). */
  tellDamage: () => Promise<unknown>;
  logger: { error: (details: object, message: string) => void };
}

/** Private media (videos, thumbnails, caption tracks) behind signed, expiring URLs: the signature is the permission. */
export function createMediaService(deps: MediaServiceDeps) {
  const { storage, repo, clock, secret } = deps;
  /**
   * A read of `key` failed its integrity check: marked at once (the video reads `damaged`, the admin's
   * dashboard counts it) and told in the background, so the reader's 410 does not wait for the e-mails.
   */
  const damaged = (key: string) => async () => {
    await deps.objects.damagedOnRead(key, clock.now());
    void deps
      .tellDamage()
      .catch((error: unknown) => deps.logger.error({ err: error, key }, 'telling of a damage failed'));
  };

  return {
    /**
     * The object a signed URL names, with the part asked for (`range`: the Range header): refuses an
     * expired or forged signature (403), a missing object or a video whose owner is deactivated (404:
     * a URL signed before the deactivation stops working at once), an object the integrity checks found
     * damaged, or whose read fails its check now (410), and a range it cannot serve (416).
     */
    async open(key: string, exp: string | undefined, sig: string | undefined, range: string | undefined) {
      const check = checkMediaSignature(secret, key, exp, sig, clock.now());
      if (check === 'expired') throw forbidden('This link has expired. Reload the page to get a new one.');
      if (check !== 'valid') throw forbidden('This link is not valid.');
      if (key.startsWith(CAPTION_KEY_PREFIX)) {
        // A caption file is served only while its track is shared: a track turned back into a draft,
        // replaced or deleted stops at once, whatever its URL says.
        const status = await repo.captionOwnerStatus(key);
        if (status === null || !isActiveAccount({ status })) throw notFound(MEDIA_UNAVAILABLE);
      } else {
        const ownerStatus = await repo.videoOwnerStatus(key);
        if (ownerStatus !== null && !isActiveAccount({ status: ownerStatus }))
          throw notFound(MEDIA_UNAVAILABLE);
      }
      // Said plainly rather than served cut short where the damage starts (decision 0340): gone until
      // restored from a backup, hence 410.
      if (await repo.isDamaged(key)) throw new AppError(410, MEDIA_MESSAGES.damaged);
      // A refused tag, or an object in the clear where every object is encrypted (planted or swapped):
      // a damage, marked and answered 410.
      const stored = await storage.stat(key).catch(async (error: unknown) => {
        throw await refused(error, damaged(key));
      });
      if (!stored) throw notFound();

      const part = parseRange(range, stored.size);
      if (part === 'unsatisfiable') {
        throw new AppError(416, 'The requested range is not available.', undefined, {
          'Content-Range': `bytes */${stored.size}`,
        });
      }
      const secondsLeft = Math.max(0, Number(exp) - Math.floor(clock.now().getTime() / 1000));
      return {
        size: stored.size,
        range: part,
        contentType: contentTypeOf(key),
        /** Cached privately no longer than the URL lives, and at most an hour. */
        maxAgeSeconds: Math.min(secondsLeft, 3600),
        /** The bytes; a damage found in the first piece is a 410 (media.read.ts). */
        read: () => openChecked(() => storage.read(key, part === 'none' ? undefined : part), damaged(key)),
      };
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
