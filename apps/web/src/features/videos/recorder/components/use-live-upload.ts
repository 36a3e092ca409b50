import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveUpload, type LiveUploadOptions, type LiveUploadState } from '@/lib/recordings/live-upload';
import { trackRecordingUpload } from '@/lib/recordings/recording-uploads';

export interface LiveUploadHandle {
  /** Where the upload of the recording being made stands; null before the first recording. */
  state: LiveUploadState | null;
  /** Begins the upload of a new recording (docs/product.md §4.5). */
  begin(options: LiveUploadOptions): LiveUpload;
  /** Stops the current upload and removes what the server had of it (the recording is discarded). */
  cancel(): Promise<void>;
}

/**
 * The recorder's upload while recording: one per recording, its state shown on the page. It outlives the
 * page: Save hands the recording over while its last seconds may still be on their way, and the upload
 * screen waits for them (recording-uploads.ts).
 */
export function useLiveUpload(
  create: (options: LiveUploadOptions) => LiveUpload = (options) => new LiveUpload(options),
): LiveUploadHandle {
  const [state, setState] = useState<LiveUploadState | null>(null);
  const current = useRef<LiveUpload | null>(null);
  const unsubscribe = useRef<() => void>(() => undefined);
  const factory = useRef(create);
  factory.current = create;

  useEffect(() => () => unsubscribe.current(), []);

  const begin = useCallback((options: LiveUploadOptions) => {
    unsubscribe.current();
    const upload = factory.current(options);
    current.current = upload;
    trackRecordingUpload(options.name, upload);
    unsubscribe.current = upload.subscribe(setState);
    setState(upload.state);
    return upload;
  }, []);

  const cancel = useCallback(async () => {
    const upload = current.current;
    current.current = null;
    unsubscribe.current();
    setState(null);
    await upload?.cancel();
  }, []);

  return { state, begin, cancel };
}
