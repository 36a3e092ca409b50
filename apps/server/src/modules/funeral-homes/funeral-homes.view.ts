import { ACCOUNT_DELETED_PERSON, type FuneralRequestDetail, type FuneralRequestItem } from '@pw/contracts';
import type { FuneralRequestRow } from './funeral-homes.schema';

type Listed = Pick<
  FuneralRequestRow,
  | 'id'
  | 'requesterId'
  | 'name'
  | 'email'
  | 'createdAt'
  | 'videoId'
  | 'formSentAt'
  | 'publishedAt'
  | 'revokedAt'
>;

/**
 * A row of the home's list: the video is null until someone grants the home access to one, and again
 * once its owner revoked that access.
 */
export function toRequestItem(row: Listed): FuneralRequestItem {
  return {
    id: row.id,
    // The sender deleted their account: the request stays, its sender unnamed (docs/product.md §8).
    name: row.requesterId === null ? ACCOUNT_DELETED_PERSON : row.name,
    email: row.requesterId === null ? '' : row.email,
    created_at: row.createdAt.toISOString(),
    video: row.videoId === null || row.revokedAt !== null ? null : { id: row.videoId },
    has_form: row.formSentAt !== null,
    published_at: row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

/** docs/product.md §13.4 "User request (funeral side)": the request and the family's form (null before it came). */
export function toRequestDetail({
  request,
  service,
  location,
}: {
  request: FuneralRequestRow;
  service: string | null;
  location: string | null;
}): FuneralRequestDetail {
  const hasForm = request.serviceId !== null && request.locationId !== null;
  return {
    ...toRequestItem(request),
    funeralPreferences: hasForm
      ? {
          typeOfService: { id: request.serviceId!, name: service ?? '' },
          locationOfService: { id: request.locationId!, name: location ?? '' },
        }
      : null,
    speaker: request.speaker,
    music: request.music,
    additional_requests: request.additionalRequests,
    specific_requests: request.specificRequests,
    specific_rituals: request.specificRituals,
  };
}
