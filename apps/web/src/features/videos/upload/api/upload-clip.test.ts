import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadClips, UploadAbortedError, type ClipSenders } from './upload-clip';

const finishRecording = vi.fn<ClipSenders['finishRecording']>();
const started: string[] = [];
/** A whole-file upload that succeeds at once, named after its file, and reports all its bytes sent. */
const sendWhole: ClipSenders['sendWhole'] = async (file, options) => {
  started.push(file.name);
  options?.onProgress?.(file.size, file.size);
  return `picked-${file.name}`;
};
const senders: ClipSenders = { finishRecording, sendWhole };

describe('uploading the edit list’s clips', () => {
  beforeEach(() => {
    finishRecording.mockReset();
    started.length = 0;
  });

  it('names a recording’s upload made while it was recorded, and uploads the other clips whole', async () => {
    finishRecording.mockImplementation(async (file) => (file.name === 'recording.webm' ? 'live1' : null));
    const files = [new File(['a'], 'picked.mp4'), new File(['bb'], 'recording.webm')];
    const progress: number[] = [];
    const ids = await uploadClips(files, { onProgress: (fraction) => progress.push(fraction) }, senders);
    expect(ids).toEqual(['picked-picked.mp4', 'live1']);
    expect(started).toEqual(['picked.mp4']);
    expect(progress.at(-1)).toBe(1);
  });

  it('cancelled while it waits for a recording’s last seconds, the upload ends as cancelled', async () => {
    const cancel = new AbortController();
    finishRecording.mockImplementation(async () => {
      cancel.abort();
      throw new DOMException('Cancelled', 'AbortError');
    });
    await expect(
      uploadClips([new File(['a'], 'recording.webm')], { signal: cancel.signal }, senders),
    ).rejects.toBeInstanceOf(UploadAbortedError);
    expect(started).toEqual([]);
  });
});
