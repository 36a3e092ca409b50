import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { renderWithApp } from '@/test/render';
import { Footer } from './Footer';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{location.pathname + location.search}</output>;
}

describe('footer newsletter box', () => {
  it('has the spec’s input and checkbox and no "coming soon" line', () => {
    renderWithApp(<Footer />);
    const box = screen.getByRole('group', { name: 'Newsletter' });
    expect(within(box).getByRole('textbox', { name: 'Your e-mail address' })).toBeInTheDocument();
    expect(
      within(box).getByRole('checkbox', { name: 'I agree to all terms and policies.' }),
    ).not.toBeChecked();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(within(box).queryByRole('button')).toBeNull();
  });

  it('does nothing with a typed address: Enter submits nothing, sends nothing, goes nowhere', async () => {
    const user = userEvent.setup();
    // No fake API is set up: any request would fail the test (MSW's unhandled-request error).
    renderWithApp(
      <>
        <Footer />
        <Where />
      </>,
      { route: '/about' },
    );
    const submits: Event[] = [];
    const record = (event: Event) => submits.push(event);
    document.addEventListener('submit', record, true);
    const input = screen.getByRole('textbox', { name: 'Your e-mail address' });
    await user.type(input, 'someone@example.com{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to all terms and policies.' }));
    await user.type(input, '{Enter}');
    document.removeEventListener('submit', record, true);
    expect(submits).toEqual([]);
    expect(input.closest('form')).toBeNull();
    expect(input).not.toHaveAttribute('name');
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(/^\/about$/);
    expect(input).toHaveValue('someone@example.com');
  });
});
