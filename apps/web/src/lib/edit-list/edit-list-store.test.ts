import { describe, expect, it } from 'vitest';
import { EditListStore } from './edit-list-store';
import { memoryFileStore, type FileStore } from './file-store';
import { videoTypeOf } from './video-types';

function makeStore(files: FileStore = memoryFileStore()) {
  let next = 0;
  const urls = { created: [] as string[], revoked: [] as string[] };
  const store = new EditListStore({
    storage: localStorage,
    files,
    urls: {
      create: () => {
        const url = `blob:test/${urls.created.length + 1}`;
        urls.created.push(url);
        return url;
      },
      revoke: (url) => void urls.revoked.push(url),
    },
    newId: () => `id-${++next}`,
  });
  return { store, files, urls };
}

const clip = (name: string, type = 'video/mp4') => new File([`data of ${name}`], name, { type });

function stored(): Array<{ id: string; name: string; url: string }> {
  return JSON.parse(localStorage.getItem('editVideos') ?? '[]');
}

describe('edit list store', () => {
  it('keeps clips in the order they were added and stores id, name and url under editVideos', async () => {
    const { store } = makeStore();
    await store.add([clip('a.mp4'), clip('b.webm', 'video/webm')]);
    await store.add([clip('c.mov', 'video/quicktime')]);
    expect(store.snapshot().map((item) => item.name)).toEqual(['a.mp4', 'b.webm', 'c.mov']);
    expect(stored().map(({ id, name, url }) => ({ id, name, url }))).toEqual([
      { id: 'id-1', name: 'a.mp4', url: 'blob:test/1' },
      { id: 'id-2', name: 'b.webm', url: 'blob:test/2' },
      { id: 'id-3', name: 'c.mov', url: 'blob:test/3' },
    ]);
  });

  it('does not add a name twice, whether already listed or repeated in one pick', async () => {
    const { store } = makeStore();
    await store.add([clip('a.mp4')]);
    const result = await store.add([clip('a.mp4'), clip('b.mp4'), clip('b.mp4')]);
    expect(result.added.map((item) => item.name)).toEqual(['b.mp4']);
    expect(result.duplicates).toEqual(['a.mp4', 'b.mp4']);
    expect(store.snapshot().map((item) => item.name)).toEqual(['a.mp4', 'b.mp4']);
  });

  it('rejects files that are not one of the accepted video types and keeps the videos of the same pick', async () => {
    const { store } = makeStore();
    const result = await store.add([
      clip('notes.txt', 'text/plain'),
      clip('photo.png', 'image/png'),
      clip('a.mp4'),
    ]);
    expect(result.rejected).toEqual(['notes.txt', 'photo.png']);
    expect(store.snapshot().map((item) => item.name)).toEqual(['a.mp4']);
  });

  it('removes one clip, its file and its URL', async () => {
    const { store, files, urls } = makeStore();
    await store.add([clip('a.mp4'), clip('b.mp4'), clip('c.mp4')]);
    await store.remove('id-2');
    expect(store.snapshot().map((item) => item.name)).toEqual(['a.mp4', 'c.mp4']);
    expect(stored().map((item) => item.name)).toEqual(['a.mp4', 'c.mp4']);
    expect(await files.keys()).toEqual(['id-1', 'id-3']);
    expect(urls.revoked).toEqual(['blob:test/2']);
    // Once removed, the name may be added again.
    expect((await store.add([clip('b.mp4')])).added).toHaveLength(1);
  });

  it('moves a clip and persists the new order; out-of-range targets are clamped', async () => {
    const { store } = makeStore();
    await store.add([clip('a.mp4'), clip('b.mp4'), clip('c.mp4')]);
    await store.move(0, 2);
    expect(store.snapshot().map((item) => item.name)).toEqual(['b.mp4', 'c.mp4', 'a.mp4']);
    await store.move(2, -5);
    expect(stored().map((item) => item.name)).toEqual(['a.mp4', 'b.mp4', 'c.mp4']);
  });

  it('restores the list after a reload from localStorage and the file store, with fresh URLs', async () => {
    const files = memoryFileStore();
    const first = makeStore(files);
    await first.store.add([clip('a.mp4'), clip('b.mp4')]);
    await first.store.move(1, 0);

    const second = makeStore(files);
    await second.store.load();
    const items = second.store.snapshot();
    expect(items.map((item) => [item.id, item.name])).toEqual([
      ['id-2', 'b.mp4'],
      ['id-1', 'a.mp4'],
    ]);
    expect(items.map((item) => item.url)).toEqual(['blob:test/1', 'blob:test/2']);
    expect(second.store.file('id-1')).toMatchObject({ name: 'a.mp4', size: 'data of a.mp4'.length });
    expect(stored().map((item) => item.url)).toEqual(['blob:test/1', 'blob:test/2']);
  });

  it('drops stored items whose file is gone and deletes files no item refers to', async () => {
    const files = memoryFileStore();
    await files.set('orphan', new Blob(['x'], { type: 'video/mp4' }));
    await files.set('kept', new Blob(['y'], { type: 'video/mp4' }));
    localStorage.setItem(
      'editVideos',
      JSON.stringify([
        { id: 'lost', name: 'lost.mp4', url: 'blob:dead/1' },
        { id: 'kept', name: 'kept.mp4', url: 'blob:dead/2' },
      ]),
    );
    const { store } = makeStore(files);
    await store.load();
    expect(store.snapshot().map((item) => item.name)).toEqual(['kept.mp4']);
    expect(await files.keys()).toEqual(['kept']);
    expect(stored().map((item) => item.id)).toEqual(['kept']);
  });

  it('clears the list, the storage key and the files', async () => {
    const { store, files } = makeStore();
    await store.add([clip('a.mp4'), clip('b.mp4')]);
    await store.clear();
    expect(store.snapshot()).toEqual([]);
    expect(localStorage.getItem('editVideos')).toBeNull();
    expect(await files.keys()).toEqual([]);
  });

  it('notices that logout cleared localStorage and empties itself on the next load', async () => {
    const { store } = makeStore();
    await store.add([clip('a.mp4')]);
    localStorage.clear();
    await store.load();
    expect(store.snapshot()).toEqual([]);
  });

  it('ignores a malformed stored value', async () => {
    localStorage.setItem('editVideos', '{not json');
    const { store } = makeStore();
    await store.load();
    expect(store.snapshot()).toEqual([]);
    expect(store.isLoaded()).toBe(true);
  });
});

describe('accepted video types', () => {
  it.each([
    ['a.mp4', 'video/mp4', 'video/mp4'],
    ['a.webm', 'video/webm;codecs=vp8,opus', 'video/webm'],
    ['a.mkv', '', 'video/x-matroska'],
    ['a.avi', '', 'video/x-msvideo'],
    ['a.wmv', 'video/x-ms-wmv', 'video/x-ms-wmv'],
    ['a.mov', 'video/quicktime', 'video/quicktime'],
    ['a.mp3', 'audio/mpeg', null],
    ['a.mp4', 'image/png', null],
    ['a.txt', '', null],
  ])('%s (%s) → %s', (name, type, expected) => {
    expect(videoTypeOf({ name, type })).toBe(expected);
  });
});
