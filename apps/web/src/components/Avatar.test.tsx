import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Avatar } from './Avatar';

describe('Avatar without a photo', () => {
  it('shows the initials, drawn by CSS rather than written as text', () => {
    const { container } = render(<Avatar firstName="Morgan" lastName="Lee" />);
    expect(container.querySelector('.avatar-initials')).toHaveAttribute('data-initials', 'ML');
    expect(container.textContent).toBe('');
  });

  it('shows a plain person figure, not a question mark, for an account without a name', () => {
    const { container } = render(<Avatar firstName="" lastName=" " />);
    expect(container.textContent?.trim()).toBe('');
    expect(container.querySelector('.avatar svg')).not.toBeNull();
  });
});
