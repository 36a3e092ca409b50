import { describe, expect, it } from 'vitest';
import { mergedTitle, TITLE_MAX } from './merge-title';

describe('mergedTitle', () => {
  it("joins the sources' titles in join order", () => {
    expect(mergedTitle(['Draft B', 'Draft C'], ['Draft B', 'Draft C'])).toBe('Draft B + Draft C');
    expect(mergedTitle(['Draft C', 'Draft B', 'Draft A'], [])).toBe('Draft C + Draft B + Draft A');
  });

  it('adds the first free number when the owner already has a video of that name', () => {
    const taken = ['Draft B', 'Draft C', 'Draft B + Draft C', 'draft b + draft c (2)'];
    expect(mergedTitle(['Draft B', 'Draft C'], taken)).toBe('Draft B + Draft C (3)');
  });

  it('stays within the title limit, numbered or not', () => {
    const long = 'x'.repeat(200);
    const title = mergedTitle([long, long], []);
    expect(title).toHaveLength(TITLE_MAX);
    expect(title.endsWith('…')).toBe(true);
    const numbered = mergedTitle([long, long], [title]);
    expect(numbered).toHaveLength(TITLE_MAX);
    expect(numbered.endsWith('… (2)')).toBe(true);
  });
});
