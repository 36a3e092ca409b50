import { describe, expect, it, vi } from 'vitest';
import { VIDEO_TUS_PATH } from '@pw/contracts';
import { API_BASE } from '@/lib/api';
import { PART_MIN_BYTES } from './bytes-to-send';
import { LiveUpload, type LiveUploadDeps } from './live-upload';
import { finishRecordingUpload, trackRecordingUpload } from './recording-uploads';
import type { RecordingMeta, RecordingStore } from './recording-store';

const ENDPOINT = `http://app.test${API_BASE}${VIDEO_TUS_PATH}`;

/** A tus server in memory (lengths only), with a switch for the network. */
function fakeTus() {
  const uploads = new Map<string, { offset: number; length: number | null }>();
  const requests: string[] = [];
  let online = true;
  let back: () => void = () => undefined;
  let next = 0;
  const answer = (status: number, headers: Record<string, string> = {}) =>
    ({ status, headers: new Headers(headers) }) as Response;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    if (!online) throw new TypeError('Failed to fetch');
    requests.push(`${method} ${url.split('/').pop()}`);
    if (method === 'POST') {
      next += 1;
      uploads.set(`u${next}`, { offset: 0, length: null });
      return answer(201, { location: `${new URL(ENDPOINT).pathname}/u${next}` });
    }
    const upload = uploads.get(url.split('/').pop()!);
    if (!upload) return answer(404);
    if (method === 'DELETE') {
      uploads.delete(url.split('/').pop()!);
      return answer(204);
    }
    if (method === 'HEAD') {
      return answer(200, {
        'upload-offset': String(upload.offset),
        ...(upload.length === null ? {} : { 'upload-length': String(upload.length) }),
      });
    }
    if (Number(headers.get('upload-offset')) !== upload.offset) return answer(409);
    if (headers.get('upload-length')) upload.length = Number(headers.get('upload-length'));
    upload.offset += (init!.body as Blob).size;
    return answer(204, { 'upload-offset': String(upload.offset) });
  }) as typeof globalThis.fetch;
  const deps: Partial<LiveUploadDeps> = {
    fetch,
    token: () => 'token',
    endpoint: ENDPOINT,
    retryMs: 1,
    waitForNetwork: () => new Promise<void>((resolve) => (back = resolve)),
  };
  return {
    uploads,
    requests,
    deps,
    offline: () => (online = false),
    online: () => {
      online = true;
      back();
    },
  };
}

const piece = (bytes = PART_MIN_BYTES) => new Blob([new Uint8Array(bytes)]);

describe('a recording uploaded while it is made', () => {
  it('creates the upload with its length deferred, sends pieces as they come, and tells the length at the end', async () => {
    const tus = fakeTus();
    const urls: Array<string | null> = [];
    const upload = new LiveUpload({
      name: 'r.webm',
      type: 'video/webm',
      deps: tus.deps,
      onUrl: (u) => urls.push(u),
    });
    upload.add(piece());
    upload.add(piece());
    await vi.waitFor(() => expect(tus.uploads.get('u1')?.offset).toBe(2 * PART_MIN_BYTES));
    expect(tus.uploads.get('u1')?.length).toBeNull();
    expect(urls).toEqual([`${ENDPOINT}/u1`]);
    upload.add(piece(1000));
    expect(await upload.end()).toBe('u1');
    expect(tus.uploads.get('u1')).toEqual({
      offset: 2 * PART_MIN_BYTES + 1000,
      length: 2 * PART_MIN_BYTES + 1000,
    });
    expect(upload.state).toBe('sent');
    expect(tus.requests[0]).toBe('POST tus');
  });

  it('waits without a network, says so, and goes on from the server’s offset when it is back', async () => {
    const tus = fakeTus();
    const upload = new LiveUpload({ name: 'r.webm', type: 'video/webm', deps: tus.deps });
    const states: string[] = [];
    upload.subscribe((state) => states.push(state));
    upload.add(piece());
    await vi.waitFor(() => expect(tus.uploads.get('u1')?.offset).toBe(PART_MIN_BYTES));
    tus.offline();
    upload.add(piece());
    await vi.waitFor(() => expect(upload.state).toBe('waiting'));
    upload.add(piece());
    const ended = upload.end();
    tus.online();
    expect(await ended).toBe('u1');
    expect(tus.uploads.get('u1')).toEqual({ offset: 3 * PART_MIN_BYTES, length: 3 * PART_MIN_BYTES });
    expect(states).toEqual(['waiting', 'sending', 'sent']);
    // Back online, it asked the server where its copy ends before sending on.
    expect(tus.requests.filter((r) => r.startsWith('HEAD'))).toHaveLength(1);
  });

  it('begins a new upload when the server no longer has it', async () => {
    const tus = fakeTus();
    const urls: Array<string | null> = [];
    const upload = new LiveUpload({
      name: 'r.webm',
      type: 'video/webm',
      uploadUrl: `${ENDPOINT}/gone`,
      deps: tus.deps,
      onUrl: (u) => urls.push(u),
    });
    upload.add(piece(10));
    expect(await upload.end()).toBe('u1');
    expect(urls).toEqual([null, `${ENDPOINT}/u1`]);
    expect(tus.uploads.get('u1')).toEqual({ offset: 10, length: 10 });
  });

  it('turns off when the server refuses to begin one; cancel removes what the server had', async () => {
    const tus = fakeTus();
    const refusing = new LiveUpload({
      name: 'r.webm',
      type: 'video/webm',
      deps: {
        ...tus.deps,
        fetch: (async () => ({ status: 413, headers: new Headers() })) as unknown as typeof fetch,
      },
    });
    refusing.add(piece(10));
    expect(await refusing.end()).toBeNull();
    expect(refusing.state).toBe('off');

    const kept = new LiveUpload({ name: 'k.webm', type: 'video/webm', deps: tus.deps });
    kept.add(piece());
    await vi.waitFor(() => expect(tus.uploads.has('u1')).toBe(true));
    await kept.cancel();
    expect(tus.uploads.has('u1')).toBe(false);
  });
});

describe('finishing a recording’s upload from the upload screen', () => {
  const storeWith = (metas: RecordingMeta[]): RecordingStore & { urls: Array<string | null> } => {
    const urls: Array<string | null> = [];
    return {
      urls,
      begin: async () => undefined,
      append: async () => undefined,
      setUpload: async (_id, url) => void urls.push(url),
      list: async () => metas,
      file: async () => null,
      remove: async () => undefined,
    };
  };
  const meta = (uploadUrl: string | null): RecordingMeta => ({
    id: 'rec',
    accountId: '1',
    startedAt: '2026-11-29T10:00:00.000Z',
    mimeType: 'video/webm',
    name: 'recording.webm',
    seconds: 3,
    chunks: 3,
    bytes: 300,
    uploadUrl,
  });

  it('resumes an offered-back recording from the server’s offset, sending only the rest', async () => {
    const tus = fakeTus();
    tus.uploads.set('u9', { offset: 200, length: null });
    const file = new File([new Uint8Array(300)], 'recording.webm', { type: 'video/webm' });
    const id = await finishRecordingUpload(file, storeWith([meta(`${ENDPOINT}/u9`)]), { deps: tus.deps });
    expect(id).toBe('u9');
    expect(tus.uploads.get('u9')).toEqual({ offset: 300, length: 300 });
    expect(tus.requests).toEqual(['HEAD u9', 'PATCH u9']);
  });

  it('answers null for a file never uploaded while recorded', async () => {
    const tus = fakeTus();
    const file = new File([new Uint8Array(300)], 'recording.webm', { type: 'video/webm' });
    expect(await finishRecordingUpload(file, storeWith([meta(null)]), { deps: tus.deps })).toBeNull();
    expect(await finishRecordingUpload(file, storeWith([]), { deps: tus.deps })).toBeNull();
    expect(tus.requests).toEqual([]);
  });

  it('waits for the recorder’s own upload of the same file, reporting the wait', async () => {
    const tus = fakeTus();
    const upload = new LiveUpload({ name: 'live.webm', type: 'video/webm', deps: tus.deps });
    trackRecordingUpload('live.webm', upload);
    tus.offline();
    upload.add(piece(300));
    void upload.end();
    const waiting: boolean[] = [];
    const file = new File([new Uint8Array(300)], 'live.webm', { type: 'video/webm' });
    const finished = finishRecordingUpload(file, storeWith([]), {
      deps: tus.deps,
      onWaiting: (w) => waiting.push(w),
    });
    await vi.waitFor(() => expect(waiting).toContain(true));
    tus.online();
    expect(await finished).toBe('u1');
    expect(waiting.at(-1)).toBe(false);
    // Finished, it still answers its id, with no device record to find it by and nothing sent again.
    const asked = tus.requests.length;
    expect(await finishRecordingUpload(file, storeWith([]), { deps: tus.deps })).toBe('u1');
    expect(tus.requests).toHaveLength(asked);
    expect(tus.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });
});
