import type { FuneralRequestDetail, FuneralRequestItem } from '@pw/contracts';
import type { FuneralRequestRow } from './funeral-homes.schema';

type Listed = Pick<FuneralRequestRow, 'id' | 'name' | 'email' | 'createdAt' | 'videoId'>;

/** A row of the home's list: the video is null until someone grants the home access to one. */
export function toRequestItem(row: Listed): FuneralRequestItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    video: row.videoId === null ? null : { id: row.videoId },
  };
}

/** Spec 000 §3 "User request (funeral side)": the request and the family's form. */
export function toRequestDetail({
  request,
  service,
  location,
}: {
  request: FuneralRequestRow;
  service: string;
  location: string;
}): FuneralRequestDetail {
  return {
    ...toRequestItem(request),
    funeralPreferences: {
      typeOfService: { id: request.serviceId, name: service },
      locationOfService: { id: request.locationId, name: location },
    },
    speaker: request.speaker,
    music: request.music,
    additional_requests: request.additionalRequests,
    specific_requests: request.specificRequests,
    specific_rituals: request.specificRituals,
  };
}
