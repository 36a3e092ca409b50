import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { indexedDbRecordingStore, isQuotaError } from './recording-store';
import { forgetUploaded, keepRecording, unsavedRecordings, type KeepingProblem } from './recovery';

const META = {
  id: 'r1',
  accountId: '7',
  startedAt: '2026-11-29T14:02:00.000Z',
  mimeType: 'video/webm',
  name: 'recording-2026-11-29T14-02-00.webm',
};

/** A piece as Node's Blob. */
const piece = (parts: string[]) => new NodeBlob(parts) as unknown as Blob;
// Node's Blob and File: IndexedDB (fake-indexeddb) clones them, and they read back as text.
const freshStore = () =>
  indexedDbRecordingStore(new IDBFactory(), IDBKeyRange, NodeFile as unknown as typeof File);

describe('the recording kept on the device (IndexedDB)', () => {
  it('keeps each piece as it comes and gives the recording back whole, in order, with its length', async () => {
    const store = freshStore();
    const problems: KeepingProblem[] = [];
    const keeper = keepRecording(store, META, (problem) => problems.push(problem));
    ['one ', 'two ', 'three'].forEach((text, index) => keeper.add(piece([text]), index + 1));
    await keeper.flushed();

    expect(problems).toEqual([]);
    expect(await store.list()).toEqual([{ ...META, seconds: 3, chunks: 3, bytes: 13 }]);
    const file = await store.file('r1');
    expect(file?.name).toBe(META.name);
    expect(file?.type).toBe('video/webm');
    expect(await file?.text()).toBe('one two three');
  });

  it('notes the upload a recording goes through, keeping its pieces; a record gone is left alone', async () => {
    const store = freshStore();
    const keeper = keepRecording(store, META, () => undefined);
    keeper.add(piece(['a']), 1);
    await keeper.flushed();
    await store.setUpload('r1', 'http://app.test/api/web/user/video/tus/abc');
    keeper.add(piece(['b']), 2);
    await keeper.flushed();
    expect(await store.list()).toEqual([
      { ...META, seconds: 2, chunks: 2, bytes: 2, uploadUrl: 'http://app.test/api/web/user/video/tus/abc' },
    ]);
    await store.setUpload('r1', null);
    expect((await store.list())[0]?.uploadUrl).toBeNull();
    await store.setUpload('missing', 'x');
    expect((await store.list()).map((meta) => meta.id)).toEqual(['r1']);
  });

  it('keeps recordings apart and removes one with all its pieces, leaving the other', async () => {
    const store = freshStore();
    const first = keepRecording(store, META, () => undefined);
    const second = keepRecording(store, { ...META, id: 'r2', name: 'other.webm' }, () => undefined);
    first.add(piece(['a']), 1);
    second.add(piece(['b']), 1);
    first.add(piece(['c']), 2);
    await Promise.all([first.flushed(), second.flushed()]);

    await store.remove('r1');
    expect((await store.list()).map((meta) => meta.id)).toEqual(['r2']);
    expect(await store.file('r1')).toBeNull();
    expect(await (await store.file('r2'))?.text()).toBe('b');
  });

  it('refuses a piece for a recording it never began', async () => {
    const store = freshStore();
    await expect(store.append('nobody', piece(['x']), 1)).rejects.toThrow(/No recording/);
    expect(await store.list()).toEqual([]);
  });

  it('after the store call answered, forgets only the recordings whose files the server now holds', async () => {
    const store = freshStore();
    const kept = keepRecording(store, META, () => undefined);
    const other = keepRecording(store, { ...META, id: 'r2', name: 'still-here.webm' }, () => undefined);
    kept.add(piece(['a']), 1);
    other.add(piece(['b']), 1);
    await Promise.all([kept.flushed(), other.flushed()]);

    await forgetUploaded(store, [META.name, 'picked-from-disk.mp4']);
    expect((await store.list()).map((meta) => meta.name)).toEqual(['still-here.webm']);
  });
});

describe('a full device', () => {
  it('tells a quota error by its name', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(new DOMException('gone', 'InvalidStateError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('says so once, then writes no more, so the kept copy is a whole beginning without a hole', async () => {
    const store = freshStore();
    let full = false;
    const append = store.append.bind(store);
    store.append = (id, chunk, seconds) =>
      full ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : append(id, chunk, seconds);
    const problems: KeepingProblem[] = [];
    const keeper = keepRecording(store, META, (problem) => problems.push(problem));
    keeper.add(piece(['first ']), 1);
    await keeper.flushed();
    full = true;
    keeper.add(piece(['lost ']), 2);
    await keeper.flushed();
    full = false;
    keeper.add(piece(['after the gap']), 3);
    await keeper.flushed();

    expect(problems).toEqual(['quota']);
    expect(await (await store.file('r1'))?.text()).toBe('first ');
    expect((await store.list())[0]).toMatchObject({ seconds: 1, chunks: 1 });
  });

  it('names a storage that refuses for another reason as unavailable', async () => {
    const store = freshStore();
    store.begin = () => Promise.reject(new DOMException('private window', 'InvalidStateError'));
    const problems: KeepingProblem[] = [];
    const keeper = keepRecording(store, META, (problem) => problems.push(problem));
    keeper.add(piece(['a']), 1);
    await keeper.flushed();
    expect(problems).toEqual(['unavailable']);
  });
});

describe('recordings offered back', () => {
  it("offers this account's unsaved recordings, newest first; not one in the edit list, one live in another page or another account's", async () => {
    const store = freshStore();
    const keep = async (id: string, extra: Partial<typeof META> = {}, pieces = 1) => {
      const keeper = keepRecording(store, { ...META, id, name: `${id}.webm`, ...extra }, () => undefined);
      for (let i = 0; i < pieces; i += 1) keeper.add(piece(['x']), i + 1);
      await keeper.flushed();
    };
    await keep('older', { startedAt: '2026-11-28T09:00:00.000Z' });
    await keep('newer', { startedAt: '2026-11-29T15:00:00.000Z' });
    await keep('listed');
    await keep('live');
    await keep('someone-else', { accountId: '8' });
    await keep('empty', {}, 0);

    const offered = await unsavedRecordings(store, {
      accountId: '7',
      inEditList: new Set(['listed.webm']),
      live: async (id) => id === 'live',
    });
    expect(offered.map((meta) => meta.id)).toEqual(['newer', 'older']);
    // A record without a single piece held nothing and is dropped; the others all stay.
    expect((await store.list()).map((meta) => meta.id).sort()).toEqual(
      ['listed', 'live', 'newer', 'older', 'someone-else'].sort(),
    );
  });
});
