import { beforeEach, describe, expect, it, vi } from 'vitest';

const finish = vi.fn<(file: File) => Promise<string | null>>();
const started: string[] = [];

vi.mock('@/lib/recordings/recording-uploads', () => ({
  finishRecordingUpload: (file: File) => finish(file),
}));
// A tus upload that succeeds at once, named after its file.
vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    constructor(
      private readonly file: File,
      private readonly options: { onSuccess: () => void },
    ) {}
    findPreviousUploads = async () => [];
    start() {
      started.push(this.file.name);
      this.url = `/tus/picked-${this.file.name}`;
      this.options.onSuccess();
    }
  },
}));

const { uploadClips, UploadAbortedError } = await import('./upload-clip');

describe('uploading the edit list’s clips', () => {
  beforeEach(() => {
    finish.mockReset();
    started.length = 0;
  });

  it('names a recording’s upload made while it was recorded, and uploads the other clips whole', async () => {
    finish.mockImplementation(async (file) => (file.name === 'recording.webm' ? 'live1' : null));
    const files = [new File(['a'], 'picked.mp4'), new File(['bb'], 'recording.webm')];
    const progress: number[] = [];
    const ids = await uploadClips(files, { onProgress: (fraction) => progress.push(fraction) });
    expect(ids).toEqual(['picked-picked.mp4', 'live1']);
    expect(started).toEqual(['picked.mp4']);
    expect(progress.at(-1)).toBe(1);
  });

  it('cancelled while it waits for a recording’s last seconds, the upload ends as cancelled', async () => {
    const cancel = new AbortController();
    finish.mockImplementation(async () => {
      cancel.abort();
      throw new DOMException('Cancelled', 'AbortError');
    });
    await expect(
      uploadClips([new File(['a'], 'recording.webm')], { signal: cancel.signal }),
    ).rejects.toBeInstanceOf(UploadAbortedError);
    expect(started).toEqual([]);
  });
});
