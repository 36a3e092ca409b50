import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Avatar } from './Avatar';

describe('Avatar without a photo', () => {
  it('shows the initials', () => {
    const { container } = render(<Avatar firstName="Morgan" lastName="Lee" />);
    expect(container).toHaveTextContent(/^ML$/);
  });

  it('shows a plain person figure, not a question mark, for an account without a name', () => {
    const { container } = render(<Avatar firstName="" lastName=" " />);
    expect(container.textContent?.trim()).toBe('');
    expect(container.querySelector('.avatar svg')).not.toBeNull();
  });
});
