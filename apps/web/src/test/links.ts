import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** The link named `name` on screen leads to `href`. */
export const expectLinkTo = (name: string | RegExp, href: string) =>
  expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
