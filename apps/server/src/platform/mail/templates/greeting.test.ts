import { describe, expect, it } from 'vitest';
import { hello } from './greeting';

describe('hello', () => {
  it('greets by first name', () => {
    expect(hello('Ruth')).toBe('Hello Ruth,');
    expect(hello('  Mary Ann ')).toBe('Hello Mary Ann,');
  });

  it('falls back to a neutral greeting when there is no name', () => {
    for (const name of ['', '   ', null, undefined]) expect(hello(name)).toBe('Hello,');
  });
});
