import type { AppModule } from '../../platform/module';
import type { Platform } from '../../platform/platform';
import type { DbOrTx } from '../../platform/db';
import { photoUrl } from '../accounts';
import type { DeliveryApi, ShareInput } from '../delivery';
import type { ReleaseOf } from '../legacy';
import type { Notifications } from '../notifications';
import type { VideosApi } from '../videos';
import { createFuneralHomesRepo } from './funeral-homes.repo';
import { createFuneralHomesService } from './funeral-homes.service';
import { registerFuneralHomesRoutes } from './funeral-homes.routes';
import { createAccessGrants } from './access-grants';
import { readOnlyView } from '../../platform/db/read-only';
import { funeralServices, funeralLocations, funeralRequests } from './funeral-homes.schema';

/** Its tables as other modules read and join them: read-only views (decision 0310). */
export const funeralServicesView = readOnlyView(funeralServices, 'funeral_services');
export const funeralLocationsView = readOnlyView(funeralLocations, 'funeral_locations');
export const funeralRequestsView = readOnlyView(funeralRequests, 'funeral_requests');

/** What funeral-homes calls in other modules (handed in by composition.ts). */
export interface FuneralHomesNeeds {
  /** The new-request notice to the home, written in the request's transaction. */
  notifications: Pick<Notifications, 'notify'>;
  /**
   * Payments' set-based plan check (payments is built later: called at request time, docs/product.md §7.4).
   */
  homesWithPlan(accountIds: number[], tx?: DbOrTx): Promise<Set<number>>;
  /** The videos module: who may see a video, the video as the home sees it, publishing, its owner. */
  videos: Pick<VideosApi, 'access' | 'viewFor' | 'publish' | 'ownerAndFolder'>;
  /** The delivery module: e-mails a person a private watch link (grant access, type 0). */
  shareLink(input: ShareInput): Promise<void>;
  /** The delivery module's watch links of a video: the owner's list of who holds access, and revoking. */
  watchGrants: Pick<DeliveryApi, 'ofVideo' | 'revoke'>;
  /** The legacy module (built later: called at request time): whether a final message is released. */
  releaseOf(ownerId: number, tx?: DbOrTx): Promise<ReleaseOf>;
  /** The memorial module (built later: called at request time): the listed pages each home looks after. */
  memorialsOf(homeIds: number[]): Promise<Map<number, Array<{ slug: string; name: string }>>>;
}

/**
 * Funeral homes (docs/product.md §8): the directory of listed homes, the types and locations of service they
 * offer, the Funeral Home Form a user sends one, the chain of consent (grant access to a home or a
 * person; the home watches and publishes the video), the owner's list of who holds access and its
 * revoking, and the home's user requests.
 */
export interface FuneralHomesApi {
  /** An account's deletion: its requests stay for the homes, its name and e-mail blanked on them. */
  forgetRequester(accountId: number, tx: DbOrTx): Promise<void>;
  /** A mistaken release sealed again: others' unpublished grants of the video withdrawn; the homes told. */
  withdrawForReseal(
    ownerId: number,
    videoId: number,
    tx: DbOrTx,
  ): Promise<Array<{ homeName: string; email: string; publishedAt: Date | null }>>;
}

export function createFuneralHomesModule(
  platform: Platform,
  needs: FuneralHomesNeeds,
): AppModule<FuneralHomesApi> {
  const repo = createFuneralHomesRepo(platform.db);
  const service = createFuneralHomesService({
    db: platform.db,
    repo,
    clock: platform.clock,
    notifications: needs.notifications,
    mailLimit: platform.mailLimit,
    homesWithPlan: needs.homesWithPlan,
    photoUrl,
    videos: needs.videos,
    shareLink: needs.shareLink,
    releaseOf: needs.releaseOf,
    memorialsOf: needs.memorialsOf,
  });
  const grants = createAccessGrants({
    db: platform.db,
    repo,
    clock: platform.clock,
    videos: needs.videos,
    watchGrants: needs.watchGrants,
  });
  return {
    name: 'funeral-homes',
    routes: (router) => registerFuneralHomesRoutes(router, { service, grants }, platform.config.PUBLIC_URL),
    api: {
      forgetRequester: (accountId, tx) => repo.forgetRequester(accountId, tx),
      withdrawForReseal: (ownerId, videoId, tx) =>
        repo.withdrawForReseal(ownerId, videoId, platform.clock.now(), tx),
    },
  };
}
