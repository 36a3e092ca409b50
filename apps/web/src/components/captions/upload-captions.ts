import type { CaptionTrackBody } from '@pw/contracts';
import { errorMessage, fieldErrors } from '@/lib/api';
import { saveCaptionTrack } from './api/caption-tracks';

/**
 * Captions given in the upload's details step: a transcript or a file's text, with their language. They
 * are sent once the upload has made the video; when that fails (a transcript of a video whose length is
 * not known yet, a refused file), the reason waits in session storage and the video's page says it.
 */
export interface UploadCaptions {
  language: string;
  body: Extract<CaptionTrackBody, { transcript?: string; vtt?: string }>;
}

const KEY = 'uploadCaptionsFailed';

function readFailures(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeFailures(failures: Record<string, string>) {
  try {
    if (Object.keys(failures).length === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(failures));
  } catch {
    // Storage refused (private mode): the page then says nothing, and the captions can be added there.
  }
}

/** Why the captions given with this video's upload were not saved, if they were not. */
export const uploadCaptionsFailure = (videoId: number): string | null => readFailures()[videoId] ?? null;

export function dismissUploadCaptionsFailure(videoId: number) {
  const failures = readFailures();
  delete failures[videoId];
  writeFailures(failures);
}

/** Sends the upload's captions for the video it made; answers the failure's reason, or null when saved. */
export async function sendUploadCaptions(videoId: number, captions: UploadCaptions): Promise<string | null> {
  try {
    await saveCaptionTrack(videoId, captions.language, captions.body);
    return null;
  } catch (error) {
    const reason = errorMessage(error, 'The captions could not be saved. Please add them again.');
    const details = Object.values(fieldErrors(error));
    const said = details.length && !details.includes(reason) ? `${reason} ${details.join(' ')}` : reason;
    writeFailures({ ...readFailures(), [videoId]: said });
    return said;
  }
}
