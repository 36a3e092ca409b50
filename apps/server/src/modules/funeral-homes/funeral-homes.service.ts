import {
  FUNERAL_HOME_NOT_FOUND,
  FUNERAL_REQUEST_NOT_FOUND,
  INVALID_OPTION,
  notificationKinds,
  type FuneralFormBody,
  type FuneralHomeItem,
  type FuneralRequestListQuery,
} from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { Db, DbOrTx } from '../../platform/db';
import { notFound, validationFailed, type FieldErrors } from '../../platform/errors';
import type { AuthAccount } from '../accounts';
import type { Notifications } from '../notifications';
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
  /** Payments' answer (decision 0171): which of these accounts hold a running funeral-home plan. */
  homesWithPlan(accountIds: number[], tx?: DbOrTx): Promise<Set<number>>;
  photoUrl(key: string | null): string | null;
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

/** The Funeral Home Form, the directory of listed homes, and the homes' user requests (issue 12). */
export function createFuneralHomesService(deps: FuneralHomesServiceDeps) {
  const { db, repo, clock } = deps;

  /** A listed home: an active funeral-home account holding a running funeral-home plan. */
  async function isListed(homeId: number, tx?: DbOrTx): Promise<boolean> {
    if (!(await repo.isActiveHome(homeId, tx))) return false;
    return (await deps.homesWithPlan([homeId], tx)).has(homeId);
  }

  return {
    async homes(): Promise<FuneralHomeItem[]> {
      const active = await repo.activeHomes();
      const withPlan = await deps.homesWithPlan(active.map((home) => home.id));
      return active
        .filter((home) => withPlan.has(home.id))
        .map((home) => ({
          id: home.id,
          home_name: home.homeName ?? '',
          email: home.email,
          address: home.address,
          photo_path: deps.photoUrl(home.photoKey),
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
     * within DOUBLE_SEND_MS (a double click) answers the request already made (decision 0201).
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
        const latest = await repo.latestSince(
          requester.id,
          homeId,
          new Date(now.getTime() - DOUBLE_SEND_MS),
          tx,
        );
        const options = { service: service!.name, location: location!.name };
        if (latest && sameForm(latest, values)) return toRequestDetail({ request: latest, ...options });

        const request = await repo.insert(
          {
            homeId,
            requesterId: requester.id,
            name: `${requester.firstName} ${requester.lastName}`.trim(),
            email: requester.email,
            createdAt: now,
            ...values,
          },
          tx,
        );
        await deps.notifications.notify(
          homeId,
          {
            kind: notificationKinds.newUserRequest,
            title: 'New user request',
            body: `${request.name} sent you a Funeral Home Form.`,
            data: { request_id: request.id, link: `/funeral/user-requests/${request.id}` },
            email: true,
          },
          tx,
        );
        return toRequestDetail({ request, ...options });
      });
    },

    async requests(homeId: number, query: FuneralRequestListQuery) {
      const { rows, total } = await repo.list(homeId, query);
      return { items: rows.map(toRequestItem), total };
    },

    async request(homeId: number, id: number) {
      const found = await repo.findOfHome(id, homeId);
      if (!found) throw notFound(FUNERAL_REQUEST_NOT_FOUND);
      return toRequestDetail(found);
    },
  };
}

function sameForm(row: FuneralRequestRow, values: Pick<FuneralRequestRow, (typeof FORM_FIELDS)[number]>) {
  return FORM_FIELDS.every((field) => row[field] === values[field]);
}

export type FuneralHomesService = ReturnType<typeof createFuneralHomesService>;
