import { useMutation } from '@tanstack/react-query';
import * as tus from 'tus-js-client';
import { VIDEO_TUS_PATH } from '@pw/contracts';
import { API_BASE, ApiError } from '@/lib/api';
import { isOffline, waitForNetwork } from '@/lib/network';
import { recordings } from '@/lib/recordings/recording-store';
import { finishRecordingUpload } from '@/lib/recordings/recording-uploads';
import { session } from '@/lib/session';

/**
 * Clips go to the server as tus resumable uploads (one per clip, in chunks), so a dropped connection
 * resumes where it stopped instead of starting a large file again (docs/decisions/0034).
 * The store call then names the finished uploads by id.
 */
const CHUNK_SIZE = 5 * 1024 * 1024;

export class UploadAbortedError extends Error {
  constructor() {
    super('The upload was cancelled.');
    this.name = 'AbortError';
  }
}

/** The tus server's answer as an ApiError ("Only Video File Allowed!", too large…), not tus's long text. */
function tusError(error: Error): ApiError {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) {
    return new ApiError(0, 'Unable to reach the server. Please check your connection and try again.');
  }
  const status = response.getStatus();
  const body = response.getBody();
  try {
    const parsed = JSON.parse(body) as { message?: string; errors?: Record<string, string[]> };
    if (parsed.message) return new ApiError(status, parsed.message, parsed.errors, parsed);
  } catch {
    if (body && body.length < 300) return new ApiError(status, body.trim());
  }
  return new ApiError(status, `The upload failed (${status}).`);
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** True while the upload waits for the network to come back, false when it goes on. */
  onWaiting?: (waiting: boolean) => void;
}

/**
 * Until the network is back (docs/product.md §4.5): an upload without a network waits and says so rather
 * than failing, and goes on by itself.
 */
export async function networkBack(options: UploadOptions): Promise<void> {
  options.onWaiting?.(true);
  try {
    await waitForNetwork(options.signal);
  } finally {
    options.onWaiting?.(false);
  }
}

/** Uploads one clip and resolves with its upload id (the last segment of its tus URL). */
export function uploadClip(
  file: File,
  options: UploadOptions & { onProgress?: (sent: number, total: number) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const token = session.token();
    const upload = new tus.Upload(file, {
      endpoint: new URL(`${API_BASE}${VIDEO_TUS_PATH}`, window.location.origin).href,
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      removeFingerprintOnSuccess: true,
      // A 4xx other than a conflict or a lock is the server's answer (not a video, too large, no
      // credential): retrying cannot change it.
      // Offline, no retry can succeed: onError waits for the network instead.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 0) return !isOffline();
        return status === 409 || status === 423 || status >= 500;
      },
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onError: (error) => {
        // No answer at all (the network went, or the server is out of reach): wait, then go on from
        // where the server's copy ends. Any answer is the server's word and ends the upload.
        if (!(error as tus.DetailedError).originalResponse && !options.signal?.aborted) {
          networkBack(options).then(
            () => upload.start(),
            () => undefined,
          );
          return;
        }
        reject(tusError(error));
      },
      onSuccess: () => {
        const url = upload.url ?? '';
        const id = decodeURIComponent(url.replace(/\/+$/, '').split('/').pop() ?? '');
        if (id) resolve(id);
        else reject(new Error('The server did not name the upload.'));
      },
    });
    options.signal?.addEventListener(
      'abort',
      () => {
        // Terminating tells the server to delete the partial file.
        void upload.abort(true).catch(() => undefined);
        reject(new UploadAbortedError());
      },
      { once: true },
    );
    void upload.findPreviousUploads().then(async (previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      if (isOffline()) await networkBack(options).catch(() => undefined);
      if (!options.signal?.aborted) upload.start();
    });
  });
}

/** How one clip reaches the server: its recording's upload finished, or the whole file sent. */
export interface ClipSenders {
  finishRecording: typeof finishRecordingUpload;
  sendWhole: typeof uploadClip;
}
const SENDERS: ClipSenders = { finishRecording: finishRecordingUpload, sendWhole: uploadClip };

/**
 * Uploads the clips one after another, reporting progress over all their bytes together (0…1).
 * Resolves with the upload ids in the clips' order. `senders` are the two ways a clip goes up, named so
 * that a test can hand its own (the suite's files share their modules, so a module mock would not hold).
 */
export async function uploadClips(
  files: readonly File[],
  options: UploadOptions & { onProgress?: (fraction: number) => void } = {},
  senders: ClipSenders = SENDERS,
): Promise<string[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let done = 0;
  const ids: string[] = [];
  for (const file of files) {
    // A recording went up while it was made: only its last seconds are left (docs/product.md §4.5).
    const recorded = await senders.finishRecording(file, recordings(), options).catch((error: unknown) => {
      if (options.signal?.aborted) throw new UploadAbortedError();
      throw error;
    });
    const id =
      recorded ??
      (await senders.sendWhole(file, {
        signal: options.signal,
        onWaiting: options.onWaiting,
        onProgress: (sent) => options.onProgress?.(Math.min(1, (done + sent) / total)),
      }));
    done += file.size;
    options.onProgress?.(Math.min(1, done / total));
    ids.push(id);
  }
  return ids;
}

export function useUploadClips() {
  return useMutation({
    mutationFn: (
      input: UploadOptions & { files: readonly File[]; onProgress?: (fraction: number) => void },
    ) => uploadClips(input.files, input),
  });
}
