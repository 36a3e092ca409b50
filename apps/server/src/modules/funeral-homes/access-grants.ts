import { GRANT_ALREADY_PUBLISHED, GRANT_NOT_FOUND, type AccessGrant } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { invalid, notFound } from '../../platform/errors';
import type { DeliveryApi } from '../delivery';
import type { VideosApi } from '../videos';
import type { FuneralHomesRepo } from './funeral-homes.repo';

export interface AccessGrantsDeps {
  db: Db;
  repo: FuneralHomesRepo;
  clock: Clock;
  videos: Pick<VideosApi, 'access'>;
  /** The delivery module's e-mailed watch links of a video (grant access, type 0). */
  watchGrants: Pick<DeliveryApi, 'ofVideo' | 'revoke'>;
}

type HomeGrant = Awaited<ReturnType<FuneralHomesRepo['grantsOfVideo']>>[number];
type PersonGrant = Awaited<ReturnType<DeliveryApi['ofVideo']>>[number];

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function homeGrant(row: HomeGrant): AccessGrant {
  return {
    id: `home-${row.id}`,
    kind: 'funeral-home',
    name: row.homeName ?? '',
    email: row.email,
    granted_by: row.grantedBy,
    granted_at: row.grantedAt.toISOString(),
    published_at: iso(row.publishedAt),
    revoked_at: iso(row.revokedAt),
    // Once public, a video stays public: taking the home's access back would undo nothing.
    revocable: row.publishedAt === null && row.revokedAt === null,
  };
}

function personGrant(row: PersonGrant): AccessGrant {
  return {
    id: `person-${row.id}`,
    kind: 'person',
    name: null,
    email: row.email,
    granted_by: row.grantedBy,
    granted_at: row.createdAt.toISOString(),
    published_at: null,
    revoked_at: iso(row.revokedAt),
    revocable: row.revokedAt === null,
  };
}

/** `home-12` / `person-3`; anything else names no grant (404, like an unknown id). */
function parseGrantId(raw: string): { kind: 'home' | 'person'; id: number } | null {
  const match = /^(home|person)-(\d{1,9})$/.exec(raw);
  return match ? { kind: match[1] as 'home' | 'person', id: Number(match[2]) } : null;
}

/**
 * Who holds access to an owner's video, and taking it back (the owner only: a code holder who granted
 * access after the release does not manage the owner's grants). Homes come from their user requests,
 * people from their e-mailed watch links. A grant the home published cannot be revoked (422): the
 * video is public for good. Revoking twice answers the same.
 */
export function createAccessGrants(deps: AccessGrantsDeps) {
  const { db, repo, clock } = deps;

  /** The owner's video (the videos' one check), else the same 404 for someone else's and an unknown one. */
  const ownVideo = (ownerId: number, videoId: number) =>
    deps.videos.access.require({ id: ownerId }, 'video.own', videoId);

  async function list(videoId: number): Promise<AccessGrant[]> {
    const [homes, people] = await Promise.all([
      repo.grantsOfVideo(videoId),
      deps.watchGrants.ofVideo(videoId),
    ]);
    return [...homes.map(homeGrant), ...people.map(personGrant)].sort((a, b) =>
      b.granted_at.localeCompare(a.granted_at),
    );
  }

  async function one(videoId: number, id: string): Promise<AccessGrant> {
    const found = (await list(videoId)).find((grant) => grant.id === id);
    if (!found) throw notFound(GRANT_NOT_FOUND);
    return found;
  }

  return {
    async list(ownerId: number, videoId: number): Promise<AccessGrant[]> {
      await ownVideo(ownerId, videoId);
      return list(videoId);
    },

    async revoke(ownerId: number, videoId: number, grantId: string): Promise<AccessGrant> {
      await ownVideo(ownerId, videoId);
      const parsed = parseGrantId(grantId);
      if (!parsed) throw notFound(GRANT_NOT_FOUND);
      if (parsed.kind === 'person') {
        if (!(await deps.watchGrants.revoke(videoId, parsed.id))) throw notFound(GRANT_NOT_FOUND);
        return one(videoId, grantId);
      }
      await db.transaction(async (tx) => {
        // Locked: a home publishing at this moment either publishes first (then 422) or finds it revoked.
        const request = await repo.lockWithVideo(parsed.id, videoId, tx);
        if (!request) throw notFound(GRANT_NOT_FOUND);
        if (request.publishedAt) throw invalid('grant_id', GRANT_ALREADY_PUBLISHED);
        if (!request.revokedAt) await repo.update(request.id, { revokedAt: clock.now() }, tx);
      });
      return one(videoId, grantId);
    },
  };
}

export type AccessGrants = ReturnType<typeof createAccessGrants>;
