import {
  FUNERAL_HOME_NOT_FOUND,
  FUNERAL_REQUEST_NOT_FOUND,
  INVALID_OPTION,
  PUBLISH_AFTER_PASSING,
  PUBLISH_NEEDS_PLAN,
  REQUEST_HAS_NO_VIDEO,
  notificationKinds,
  type FuneralFormBody,
  type FuneralHomeItem,
  type FuneralRequestListQuery,
  type GrantAccessBody,
  type RequestVideo,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import type { OutboundMailLimit } from '../../platform/rate-limit/outbound-mail';
import {
  forbidden,
  invalid,
  locked,
  notFound,
  validationFailed,
  type FieldErrors,
} from '../../platform/errors';
import type { AuthAccount } from '../accounts';
import type { ShareInput } from '../delivery';
import type { ReleaseOf } from '../legacy';
import type { Notifications } from '../notifications';
import type { VideosApi } from '../videos';
import type { FuneralRequestRow } from './funeral-homes.schema';
import type { FuneralHomesRepo, OptionKind } from './funeral-homes.repo';
import { toRequestDetail, toRequestItem } from './funeral-homes.view';

/** A second identical form from the same person to the same home within this time is the same one. */
export const DOUBLE_SEND_MS = 10_000;

export interface FuneralHomesServiceDeps {
  db: Db;
  repo: FuneralHomesRepo;
  clock: Clock;
  notifications: Pick<Notifications, 'notify'>;
  /** The limit on e-mails a person makes the platform send (the home's notice is e-mailed). */
  mailLimit: OutboundMailLimit;
  /** Payments' answer (docs/product.md §7.4): which of these accounts hold a running funeral-home plan. */
  homesWithPlan(accountIds: number[], tx?: DbOrTx): Promise<Set<number>>;
  photoUrl(key: string | null): string | null;
  /** The videos module: who may see a video (the one rule), the video as the home sees it, publishing. */
  videos: Pick<VideosApi, 'access' | 'viewFor' | 'publish' | 'ownerAndFolder'>;
  /** The delivery module: e-mails a person a private watch link (grant access, type 0). */
  shareLink(input: ShareInput): Promise<void>;
  /** The legacy module: whether an owner's final message is released (a home publishes it only then). */
  releaseOf(ownerId: number, tx?: DbOrTx): Promise<ReleaseOf>;
  /** The memorial module: the listed memorial pages each home looks after (docs/product.md §6.9). */
  memorialsOf(homeIds: number[]): Promise<Map<number, Array<{ slug: string; name: string }>>>;
}

const FORM_FIELDS = [
  'serviceId',
  'locationId',
  'speaker',
  'music',
  'additionalRequests',
  'specificRituals',
  'specificRequests',
] as const;

/** The Funeral Home Form, the directory of listed homes, and the homes' user requests (docs/product.md §8). */
export function createFuneralHomesService(deps: FuneralHomesServiceDeps) {
  const { db, repo, clock } = deps;

  /** A listed home: an active funeral-home account holding a running funeral-home plan. */
  async function isListed(homeId: number, tx?: DbOrTx): Promise<boolean> {
    if (!(await repo.isActiveHome(homeId, tx))) return false;
    return (await deps.homesWithPlan([homeId], tx)).has(homeId);
  }

  /** The new-request notice to the home, in the request's transaction (in-app and e-mail). */
  async function notifyHome(request: FuneralRequestRow, body: string, tx: DbOrTx) {
    await deps.notifications.notify(
      request.homeId,
      {
        kind: notificationKinds.newUserRequest,
        title: 'New user request',
        body,
        data: { request_id: request.id, link: `/funeral/user-requests/${request.id}` },
        email: true,
      },
      tx,
    );
  }

  /**
   * The video a request holds while its granting person may still see it (the videos module's one rule:
   * when that right ends, so does the home's), else null.
   */
  async function grantedVideo(request: FuneralRequestRow, tx?: DbOrTx): Promise<number | null> {
    if (request.videoId === null || request.revokedAt !== null) return null;
    return (await deps.videos.access.grantHolds(request.requesterId, request.videoId, tx))
      ? request.videoId
      : null;
  }

  /**
   * Whether the video is a final message still waiting for its author's passing: a home may watch it but
   * publish it only once it is released (the passing confirmed, or its owner chose 'available at once').
   */
  async function awaitingRelease(videoId: number, tx?: DbOrTx): Promise<boolean> {
    const video = await deps.videos.ownerAndFolder(videoId, tx);
    if (!video || video.folder !== 'final') return false;
    return !(await deps.releaseOf(video.ownerId, tx)).released;
  }

  /** One request of the home with its form; another home's is not found. */
  async function detailOf(homeId: number, id: number) {
    const found = await repo.findOfHome(id, homeId);
    if (!found) throw notFound(FUNERAL_REQUEST_NOT_FOUND);
    return toRequestDetail(found);
  }

  return {
    async homes(): Promise<FuneralHomeItem[]> {
      const active = await repo.activeHomes();
      const withPlan = await deps.homesWithPlan(active.map((home) => home.id));
      const listed = active.filter((home) => withPlan.has(home.id));
      const memorials = await deps.memorialsOf(listed.map((home) => home.id));
      return listed.map((home) => ({
        id: home.id,
        home_name: home.homeName ?? '',
        email: home.email,
        address: home.address,
        photo_path: deps.photoUrl(home.photoKey),
        memorials: memorials.get(home.id) ?? [],
      }));
    },

    /** The default set without a home; a home's offer when it is listed (else not found). */
    async options(kind: OptionKind, homeId: number | undefined) {
      if (homeId === undefined) return repo.options(kind, null);
      if (!(await isListed(homeId))) throw notFound(FUNERAL_HOME_NOT_FOUND);
      return repo.options(kind, homeId);
    },

    /**
     * Sends the form to a listed home and tells the home, in one transaction. The same form sent again
     * within DOUBLE_SEND_MS (a double click) answers the request already made (docs/product.md §8.2).
     */
    async send(requester: AuthAccount, homeId: number, form: FuneralFormBody) {
      return db.transaction(async (tx) => {
        if (!(await isListed(homeId, tx))) throw notFound(FUNERAL_HOME_NOT_FOUND);
        const errors: FieldErrors = {};
        if (form.user_id !== undefined && form.user_id !== homeId) errors.user_id = [INVALID_OPTION];
        // One after the other: a transaction is one connection.
        const service = await repo.offered('services', form.service_id, homeId, tx);
        const location = await repo.offered('locations', form.location_id, homeId, tx);
        if (!service) errors.service_id = [INVALID_OPTION];
        if (!location) errors.location_id = [INVALID_OPTION];
        if (Object.keys(errors).length > 0) throw validationFailed(errors);

        const values = {
          serviceId: form.service_id,
          locationId: form.location_id,
          speaker: form.speaker,
          music: form.music ?? null,
          additionalRequests: form.additional_requests ?? null,
          specificRituals: form.specific_rituals ?? null,
          specificRequests: form.specific_requests ?? null,
        };
        await repo.lockRequester(requester.id, tx);
        const now = clock.now();
        const latest = await repo.latestFormSince(
          requester.id,
          homeId,
          new Date(now.getTime() - DOUBLE_SEND_MS),
          tx,
        );
        const options = { service: service!.name, location: location!.name };
        if (latest && sameForm(latest, values)) return toRequestDetail({ request: latest, ...options });
        const homeEmail = (await repo.homeEmail(homeId, tx)) ?? `home:${homeId}`;
        await deps.mailLimit.take(requester.id, [homeEmail], 'funeral-form', tx);

        // A grant to this home without a form yet takes the form (docs/product.md §8.2); else a new request.
        const granted = await repo.latestWaitingFor('form', requester.id, homeId, tx);
        const request = granted
          ? await repo.update(granted.id, { ...values, formSentAt: now }, tx)
          : await repo.insert(
              {
                homeId,
                requesterId: requester.id,
                name: fullName(requester),
                email: requester.email,
                createdAt: now,
                formSentAt: now,
                ...values,
              },
              tx,
            );
        await notifyHome(request, `${request.name} sent you a Funeral Home Form.`, tx);
        return toRequestDetail({ request, ...options });
      });
    },

    /**
     * Grant access (docs/product.md §6.7): only for a video the caller may see; anything else is the same 404
     * with nothing created. Type 1 hands it to a listed home as a user request (paired with the caller's
     * form there: docs/product.md §8.2), once per person, home and video; type 0 e-mails a private watch link
     * (docs/product.md §6.7).
     */
    async grant(granter: AuthAccount, videoId: number, body: GrantAccessBody) {
      await deps.videos.access.require(granter, 'video.read', videoId);
      if (body.type === 0) {
        await deps.shareLink({
          videoId,
          grantedBy: granter.id,
          granterName: fullName(granter),
          email: body.email,
        });
        return { type: 0 as const, email: body.email, request_id: null };
      }
      return db.transaction(async (tx) => {
        const home = await repo.activeHomeByEmail(body.email, tx);
        if (!home || !(await isListed(home.id, tx))) throw notFound(FUNERAL_HOME_NOT_FOUND);
        await repo.lockRequester(granter.id, tx);
        const result = (id: number) => ({ type: 1 as const, email: body.email, request_id: id });
        const now = clock.now();
        const existing = await repo.withVideo(granter.id, home.id, videoId, tx);
        if (existing && existing.revokedAt === null) return result(existing.id);
        await deps.mailLimit.take(granter.id, [body.email], 'grant-access-home', tx);
        // Granted again after a revoke: the same request holds the video again.
        const formOnly = existing ? null : await repo.latestWaitingFor('video', granter.id, home.id, tx);
        const again = existing ?? formOnly;
        const request = again
          ? await repo.update(again.id, { videoId, grantedAt: now, revokedAt: null }, tx)
          : await repo.insert(
              {
                homeId: home.id,
                requesterId: granter.id,
                videoId,
                name: fullName(granter),
                email: granter.email,
                createdAt: now,
                grantedAt: now,
              },
              tx,
            );
        await notifyHome(request, `${request.name} granted you access to a video.`, tx);
        return result(request.id);
      });
    },

    async requests(homeId: number, query: FuneralRequestListQuery) {
      const { rows, total } = await repo.list(homeId, query);
      return { items: rows.map(toRequestItem), total };
    },

    request: detailOf,

    /**
     * The request's video at signed, expiring URLs, and whether it waits for its author's passing to be
     * published; 404 for another home's request, no video yet, or a revoked one.
     */
    async requestVideo(homeId: number, id: number): Promise<RequestVideo> {
      const found = await repo.findOfHome(id, homeId);
      if (!found) throw notFound(FUNERAL_REQUEST_NOT_FOUND);
      const videoId = await grantedVideo(found.request);
      const video = videoId === null ? null : await deps.videos.viewFor(videoId, homeId);
      if (!video) throw notFound(REQUEST_HAS_NO_VIDEO);
      return { ...video, awaiting_release: await awaitingRelease(video.id) };
    },

    /**
     * Publishes the request's video (docs/product.md §6.8): a final message only once released (423 before:
     * nothing changes), and with a running funeral-home plan (403 and why); once published, asking again
     * answers the same and tells nobody again. The requester is notified.
     */
    async publish(home: AuthAccount, id: number) {
      await db.transaction(async (tx) => {
        const request = await repo.lockOfHome(id, home.id, tx);
        if (!request) throw notFound(FUNERAL_REQUEST_NOT_FOUND);
        if (request.publishedAt) return;
        const videoId = await grantedVideo(request, tx);
        if (videoId === null) throw invalid('video', REQUEST_HAS_NO_VIDEO);
        if (await awaitingRelease(videoId, tx))
          throw locked(PUBLISH_AFTER_PASSING, { awaiting_release: true });
        if (!(await deps.homesWithPlan([home.id], tx)).has(home.id)) throw forbidden(PUBLISH_NEEDS_PLAN);
        await deps.videos.publish(videoId, tx);
        await repo.update(id, { publishedAt: clock.now() }, tx);
        const homeName = (await repo.homeName(home.id, tx)) || 'The funeral home';
        // A requester whose account is gone has nobody to tell.
        if (request.requesterId !== null)
          await deps.notifications.notify(
            request.requesterId,
            {
              kind: notificationKinds.videoPublished,
              title: 'Video published',
              body: `${homeName} published the video you granted it access to.`,
              data: { request_id: id, video_id: videoId },
              email: true,
            },
            tx,
          );
      });
      return detailOf(home.id, id);
    },
  };
}

function fullName(account: Pick<AuthAccount, 'firstName' | 'lastName'>) {
  return `${account.firstName} ${account.lastName}`.trim();
}

function sameForm(row: FuneralRequestRow, values: Pick<FuneralRequestRow, (typeof FORM_FIELDS)[number]>) {
  return FORM_FIELDS.every((field) => row[field] === values[field]);
}

export type FuneralHomesService = ReturnType<typeof createFuneralHomesService>;
