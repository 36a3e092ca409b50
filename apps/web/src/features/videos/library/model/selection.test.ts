import { describe, expect, it } from 'vitest';
import { videoFixture } from '@/test/video-fixture';
import { checkMerge, pruneSelection, selectionPosition, toggleSelected } from './selection';
import type { Video } from '@pw/contracts';

const draft = (id: number, duration: string | null, state: Video['state'] = 'ready'): Video =>
  videoFixture(id, 'draft', { duration, state, title: `Draft ${id}` });

describe('draft selection', () => {
  it('keeps ids in the order they were picked and removes on a second toggle', () => {
    let selection = toggleSelected([], 3);
    selection = toggleSelected(selection, 1);
    selection = toggleSelected(selection, 2);
    expect(selection).toEqual([3, 1, 2]);
    selection = toggleSelected(selection, 1);
    expect(selection).toEqual([3, 2]);
    expect(selectionPosition(selection, 2)).toBe(2);
    expect(selectionPosition(selection, 1)).toBeNull();
  });

  it('drops ids of drafts that are gone or not ready', () => {
    const drafts = [draft(1, '00:00:05'), draft(2, null, 'processing')];
    expect(pruneSelection([9, 2, 1], drafts)).toEqual([1]);
  });
});

describe('merge check', () => {
  const drafts = [draft(1, '00:00:20'), draft(2, '00:00:30'), draft(3, '00:00:15'), draft(4, null)];

  it("refuses fewer than two drafts ('Oops!')", () => {
    expect(checkMerge([], drafts)).toEqual({ ok: false, reason: 'too-few' });
    expect(checkMerge([1], drafts)).toEqual({ ok: false, reason: 'too-few' });
    expect(checkMerge([1, 99], drafts)).toEqual({ ok: false, reason: 'too-few' });
  });

  it('accepts two or more drafts within 60 seconds, in selection order', () => {
    expect(checkMerge([2, 1], drafts)).toEqual({ ok: true, ids: [2, 1], totalSeconds: 50 });
    expect(checkMerge([3, 1, 4], drafts)).toEqual({ ok: true, ids: [3, 1, 4], totalSeconds: 35 });
  });

  it('accepts exactly 60 seconds and refuses anything longer', () => {
    const exact = [draft(1, '00:00:30'), draft(2, '00:00:30'), draft(3, '00:00:01')];
    expect(checkMerge([1, 2], exact)).toMatchObject({ ok: true, totalSeconds: 60 });
    expect(checkMerge([1, 2, 3], exact)).toEqual({
      ok: false,
      reason: 'too-long',
      ids: [1, 2, 3],
      totalSeconds: 61,
    });
    expect(checkMerge([1, 2, 3], drafts)).toEqual({
      ok: false,
      reason: 'too-long',
      ids: [1, 2, 3],
      totalSeconds: 65,
    });
  });
});
