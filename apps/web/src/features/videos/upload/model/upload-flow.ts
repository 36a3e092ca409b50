import {
  INVALID_OPTION,
  FOLDER_OCCUPIED_MESSAGE,
  ONLY_VIDEO_MESSAGE,
  requiredMessage,
  videoFolderLabels,
  type VideoFolder,
  FREE_VIDEO_SECONDS,
  videoRoutes,
  type RouteBody,
} from '@pw/contracts';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '@/lib/api';
import { scheduleFields, type ScheduleInput } from '@/lib/schedule-form';
import { formatHms } from '@/lib/edit-list/durations';
import type { ClipTrim } from '@/lib/edit-list/edit-trims';

/**
 * The rules of the upload dialog chain (docs/product.md §13.5 'Upload flow', §13.6), kept apart from the modals so they
 * can be read and tested on their own.
 */

/** The Change Folder choices, in the order of the profile tabs' folders. */
export const FOLDERS: ReadonlyArray<{ value: VideoFolder; label: string }> = (
  ['draft', 'scheduled', 'final'] as const
).map((value) => ({ value, label: videoFolderLabels[value] }));

export const folderLabel = (folder: VideoFolder) => videoFolderLabels[folder];

export const UPLOAD_MESSAGES = {
  invalidFolder: INVALID_OPTION,
  titleRequired: requiredMessage('title'),
  descriptionRequired: requiredMessage('description'),
  folderConflict: FOLDER_OCCUPIED_MESSAGE,
  onlyVideo: ONLY_VIDEO_MESSAGE,
} as const;

/**
 * Said with every 'Exceeding limit': the free time is per video and a membership does not lengthen it,
 * so a member meeting the limit knows why, and what the minutes cost.
 */
export function freeTimeLine(ratePerMinute?: string | null): string {
  const rate = ratePerMinute ? ` ($${ratePerMinute} per minute)` : '';
  return `Every video's first ${FREE_VIDEO_SECONDS} seconds are free, with or without a membership; extra minutes are bought at the current rate${rate}.`;
}

/** docs/product.md §13.6: total over 60 seconds is flagged and the upload is blocked (until extra time is bought). */
export const isOverLimit = (totalSeconds: number) => totalSeconds > FREE_VIDEO_SECONDS;

export {
  EMPTY_SCHEDULE,
  validateSchedule,
  type ScheduleErrors,
  type ScheduleInput,
} from '@/lib/schedule-form';

type StoreBody = RouteBody<typeof videoRoutes.store>;

/**
 * The store call's fields: its route's body less the upload ids (the call adds them), as the chain fills
 * it: title and description always, and `duration` as the HH:MM:SS measured in the browser (the route
 * takes any value and ignores it: the server measures again and only trusts its own).
 */
export type StoreFields = Omit<StoreBody, 'upload_ids' | 'trim_start' | 'trim_end'> &
  Required<Pick<StoreBody, 'title' | 'description'>> & { duration: string } & TrimFields;

export type { ClipTrim };

/** `trim_start[]` / `trim_end[]`, one entry per clip in the upload's order ('' for a clip kept whole). */
export interface TrimFields {
  trim_start?: string[];
  trim_end?: string[];
}

/** Seconds as the store call takes them: decimals, to the hundredth. */
const secondsText = (seconds: number) => String(Math.round(seconds * 100) / 100);

/** The trims of the upload's clips, in order; nothing when no clip is trimmed. */
export function trimFields(trims: ReadonlyArray<ClipTrim | null>): TrimFields {
  if (!trims.some(Boolean)) return {};
  return {
    trim_start: trims.map((trim) => (trim ? secondsText(trim.start) : '')),
    trim_end: trims.map((trim) => (trim ? secondsText(trim.end) : '')),
  };
}

/** How long the clips are once trimmed: what the free length and extra time are counted on. */
export function keptSeconds(
  clips: ReadonlyArray<{ seconds: number | null | undefined; trim: ClipTrim | null | undefined }>,
): number {
  return clips.reduce((sum, { seconds, trim }) => sum + (trim ? trim.end - trim.start : (seconds ?? 0)), 0);
}

export function buildStoreFields(input: {
  folder: VideoFolder;
  title: string;
  description: string;
  totalSeconds: number;
  schedule?: ScheduleInput;
  paymentId?: string;
  timeZone?: string;
  /** Each clip's trim, in the upload's order (null: kept whole). */
  trims?: ReadonlyArray<ClipTrim | null>;
}): StoreFields {
  const fields: StoreFields = {
    type: input.folder,
    title: input.title.trim(),
    description: input.description.trim(),
    duration: formatHms(input.totalSeconds),
    ...trimFields(input.trims ?? []),
  };
  if (input.paymentId) fields.payment_id = input.paymentId;
  // docs/product.md §13.4, §13.6 (the time with ':00' appended), §5.1 and §5.7: as the schedule dialog sends it.
  if (input.folder === 'scheduled' && input.schedule)
    return { ...fields, ...scheduleFields(input.schedule, input.timeZone) };
  return fields;
}

export type UploadFailure =
  | { kind: 'conflict'; message: string }
  | { kind: 'fileError'; message: string }
  | { kind: 'overLimit'; message: string }
  | { kind: 'message'; message: string };

/** What the person sees after a failed store call (docs/product.md §13.5 outcomes and server messages). */
export function classifyFailure(error: unknown): UploadFailure {
  if (error instanceof ApiError) {
    if (error.status === 409) return { kind: 'conflict', message: UPLOAD_MESSAGES.folderConflict };
    const texts = [error.message, ...Object.values(error.errors ?? {}).flat()];
    if (texts.some((text) => text === UPLOAD_MESSAGES.onlyVideo))
      return { kind: 'fileError', message: UPLOAD_MESSAGES.onlyVideo };
    // The video server answers an over-length upload with a 422 naming the allowance ("…longer than your
    // 60 seconds allowance. Buy extra time…"); a refused payment id is the same situation.
    if (error.status === 422 && (/allowance/i.test(error.message) || error.errors?.payment_id)) {
      return { kind: 'overLimit', message: error.message };
    }
    const details = Object.values(error.errors ?? {}).flat();
    const message =
      details.length > 0 && !details.includes(error.message) ? details.join(' ') : error.message;
    return { kind: 'message', message };
  }
  if (error instanceof Error && error.message) return { kind: 'message', message: error.message };
  return { kind: 'message', message: UNKNOWN_ERROR_MESSAGE };
}
