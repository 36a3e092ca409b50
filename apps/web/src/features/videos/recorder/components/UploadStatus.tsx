import type { LiveUploadState } from '@/lib/recordings/live-upload';

/** Where the recording's upload stands, said on the recorder (docs/product.md §4.5). */
export const LIVE_UPLOAD_TEXTS = {
  recording: 'Uploading as you record: at Finish only the last seconds are left to send.',
  waiting:
    'No network: the upload is waiting and goes on by itself when the connection is back. ' +
    'Recording goes on, kept on this device.',
  lastSeconds: 'Sending the last seconds of the recording…',
  sent: 'Uploaded: the server has all of this recording. Save makes it your video.',
  off: 'This recording is uploaded when you save it.',
} as const;

export function UploadStatus({ state, recording }: { state: LiveUploadState | null; recording: boolean }) {
  if (state === null) return null;
  const text =
    state === 'waiting'
      ? LIVE_UPLOAD_TEXTS.waiting
      : state === 'off'
        ? LIVE_UPLOAD_TEXTS.off
        : state === 'sent'
          ? LIVE_UPLOAD_TEXTS.sent
          : recording
            ? LIVE_UPLOAD_TEXTS.recording
            : LIVE_UPLOAD_TEXTS.lastSeconds;
  return (
    <p
      className={`text-center small mt-1 mb-0 ${state === 'waiting' ? 'text-warning-emphasis' : 'text-body-secondary'}`}
      role="status"
      data-testid="live-upload-status"
      data-state={state}
    >
      {text}
    </p>
  );
}
