import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './EmailAddress';

describe('EmailAddress', () => {
  it('may wrap before the @ and after each dot only, and keeps the address whole to read and copy', () => {
    const { container } = render(<EmailAddress email="margaret.hill@long-domain.example.test" />);
    const span = container.querySelector('.email-address')!;
    expect(span.textContent).toBe('margaret.hill@long-domain.example.test');
    expect(span.innerHTML).toBe('margaret.<wbr>hill<wbr>@long-domain.<wbr>example.<wbr>test');
    // Not Bootstrap's text-break, which lets the browser split the words themselves.
    expect(span).not.toHaveClass('text-break');
  });
});
