import { LiveUpload, type LiveUploadDeps, type LiveUploadState } from './live-upload';
import type { RecordingStore } from './recording-store';

/**
 * The recordings this page uploaded while they were made, by file name: Save hands a recording to the edit
 * list while its last seconds may still be on their way, and its Upload then waits for them rather than
 * sending the file a second time.
 */
const running = new Map<string, LiveUpload>();

/**
 * The recorder's upload of the recording saved under `name`, for as long as this page lives unless it is
 * turned off: a finished one still answers its id where the device kept no record of it.
 */
export function trackRecordingUpload(name: string, upload: LiveUpload): void {
  running.set(name, upload);
  const drop = upload.subscribe((state) => {
    if (state !== 'off') return;
    drop();
    if (running.get(name) === upload) running.delete(name);
  });
}

export interface FinishOptions {
  signal?: AbortSignal;
  onWaiting?: (waiting: boolean) => void;
  deps?: Partial<LiveUploadDeps>;
}

/** Reports `waiting` while the upload waits for the network; answers the function that stops it. */
function reportWaiting(upload: LiveUpload, onWaiting?: (waiting: boolean) => void) {
  const report = (state: LiveUploadState) => onWaiting?.(state === 'waiting');
  if (upload.state === 'waiting') report('waiting');
  return upload.subscribe(report);
}

function untilAborted(signal?: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('Cancelled', 'AbortError'));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/**
 * The upload id for a recorded file whose bytes went up while it was recorded (docs/product.md §4.5):
 * the rest is sent from where the server's copy ends, and its length told. Null when the file was never
 * uploaded that way, or that upload was refused: it is then uploaded as a picked file is.
 */
export async function finishRecordingUpload(
  file: File,
  store: RecordingStore,
  options: FinishOptions = {},
): Promise<string | null> {
  // Only once the recorder's own upload has ended with this very file: it adds no more pieces then.
  const live = running.get(file.name);
  const here = live?.hasEnded && live.bytes === file.size ? live : undefined;
  const meta = here ? null : (await store.list().catch(() => [])).find((m) => m.name === file.name);
  if (!here && !meta?.uploadUrl) return null;
  const upload =
    here ??
    new LiveUpload({
      name: file.name,
      type: file.type,
      uploadUrl: meta!.uploadUrl,
      onUrl: (url) => void store.setUpload(meta!.id, url).catch(() => undefined),
      deps: options.deps,
    });
  if (!here) upload.add(file);
  const stop = reportWaiting(upload, options.onWaiting);
  try {
    return await Promise.race([here ? here.settled() : upload.end(), untilAborted(options.signal)]);
  } finally {
    stop();
    options.onWaiting?.(false);
  }
}
