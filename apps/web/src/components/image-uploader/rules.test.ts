import { describe, expect, it } from 'vitest';
import { addImages, countError, IMAGE_MAX_BYTES, SIZE_ERROR } from './rules';
import { IMAGE_TYPE_MESSAGE } from '@pw/contracts';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const png = (name = 'a.png') => file(name, 'image/png');

describe('image uploader rules', () => {
  it('accepts jpeg, png, gif, webp and svg', () => {
    const picked = [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png'), file('c.gif', 'image/gif')];
    expect(addImages([], picked, 3)).toEqual({ files: picked, error: null });
    const more = [file('d.webp', 'image/webp'), file('e.svg', 'image/svg+xml')];
    expect(addImages([], more, 3).error).toBeNull();
  });

  it('refuses other types with the spec message and keeps the images of the selection', () => {
    const pdf = file('doc.pdf', 'application/pdf');
    const result = addImages([], [pdf, png()], 3);
    expect(result.error).toBe(IMAGE_TYPE_MESSAGE);
    expect(IMAGE_TYPE_MESSAGE).toBe('Only image files (jpg, png, gif, webp, svg) are allowed.');
    expect(result.files.map((f) => f.name)).toEqual(['a.png']);
  });

  it('uses the extension when the browser gives no type', () => {
    expect(addImages([], [file('photo.JPEG', '')], 1).error).toBeNull();
    expect(addImages([], [file('notes.txt', '')], 1).error).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('refuses a selection over the limit with "You can only upload up to {n} files."', () => {
    const current = [png('1.png'), png('2.png')];
    const result = addImages(current, [png('3.png'), png('4.png')], 3);
    expect(result).toEqual({ files: current, error: 'You can only upload up to 3 files.' });
    expect(addImages([], [png('1.png'), png('2.png')], 1)).toEqual({
      files: [],
      error: countError(1),
    });
    expect(countError(1)).toBe('You can only upload up to 1 files.');
  });

  it('replaces the single photo when the limit is one', () => {
    const first = png('first.png');
    const second = png('second.png');
    expect(addImages([first], [second], 1)).toEqual({ files: [second], error: null });
  });

  it('defaults to three files and ignores a file already chosen', () => {
    const a = png('a.png');
    expect(addImages([a], [a], undefined).files).toEqual([a]);
    expect(addImages([png('1.png'), png('2.png'), png('3.png')], [png('4.png')]).error).toBe(countError(3));
  });

  it('refuses images over 15 MB', () => {
    const big = file('big.png', 'image/png', IMAGE_MAX_BYTES + 1);
    expect(addImages([], [big], 1)).toEqual({ files: [], error: SIZE_ERROR });
  });
});
