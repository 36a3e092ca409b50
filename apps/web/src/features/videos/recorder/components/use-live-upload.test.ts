import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveUpload, LiveUploadState } from '@/lib/recordings/live-upload';
import type { RecordingStore } from '@/lib/recordings/recording-store';
import { finishRecordingUpload } from '@/lib/recordings/recording-uploads';
import { useLiveUpload } from './use-live-upload';

/** An upload that does what the test tells it: its state, and whether it ended with how many bytes. */
function fakeUpload() {
  const listeners = new Set<(state: LiveUploadState) => void>();
  const upload = {
    state: 'sending' as LiveUploadState,
    hasEnded: false,
    bytes: 0,
    subscribe: (listener: (state: LiveUploadState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => Promise.resolve('up1'),
    cancel: vi.fn(async () => undefined),
    emit(state: LiveUploadState) {
      upload.state = state;
      listeners.forEach((listener) => listener(state));
    },
  };
  return upload;
}

const noStore = { list: async () => [] } as unknown as RecordingStore;

describe('useLiveUpload', () => {
  it('shows where the recording’s upload stands, and leaves it to the upload screen once it ended', async () => {
    const upload = fakeUpload();
    const { result } = renderHook(() => useLiveUpload(() => upload as unknown as LiveUpload));
    expect(result.current.state).toBeNull();
    act(() => void result.current.begin({ name: 'rec.webm', type: 'video/webm' }));
    expect(result.current.state).toBe('sending');
    act(() => upload.emit('waiting'));
    expect(result.current.state).toBe('waiting');

    // The upload screen waits for this very upload of the saved file, rather than sending it again.
    upload.hasEnded = true;
    upload.bytes = 3;
    const file = new File(['abc'], 'rec.webm', { type: 'video/webm' });
    expect(await finishRecordingUpload(file, noStore)).toBe('up1');
    // Another file of that name (not the bytes recorded here) is not taken for it.
    const other = new File(['abcd'], 'rec.webm', { type: 'video/webm' });
    expect(await finishRecordingUpload(other, noStore)).toBeNull();
    act(() => upload.emit('sent'));
    expect(result.current.state).toBe('sent');
  });

  it('cancels the upload of a discarded recording and shows nothing more', async () => {
    const upload = fakeUpload();
    const { result } = renderHook(() => useLiveUpload(() => upload as unknown as LiveUpload));
    act(() => void result.current.begin({ name: 'gone.webm', type: 'video/webm' }));
    await act(() => result.current.cancel());
    expect(upload.cancel).toHaveBeenCalledOnce();
    expect(result.current.state).toBeNull();
    act(() => upload.emit('waiting'));
    expect(result.current.state).toBeNull();
  });
});
