import type { Video } from '@pw/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { MailOutbox } from '../../platform/mail/outbox';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit';
import type { Storage } from '../../platform/storage/storage';
import type { MemorialRepo } from './memorial.repo';

/** What the memorial needs of other modules (handed in by the composition root, called at request time). */
export interface MemorialNeeds {
  /**
   * A video as someone it was handed to sees it: the media URLs signed and short-lived, as a funeral
   * home sees a final message it was granted (the videos module).
   */
  videoJson(videoId: number): Promise<Video | null>;
  /** The owner a trusted contact's link belongs to, and whether the contact accepted the role (legacy). */
  contactByLink(token: string): Promise<{ ownerId: number; confirmed: boolean } | null>;
}

export interface MemorialDeps {
  db: Db;
  repo: MemorialRepo;
  clock: Clock;
  storage: Storage;
  logger: FastifyBaseLogger;
  outbox: MailOutbox;
  rateLimiter: RateLimiter;
  needs: MemorialNeeds;
}
