import { accountRoutes } from '@pw/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi, type Reply } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { UserSignupPage } from './SignupPage';

const SIGNUP = routeKey(accountRoutes.userSignup);

function openSignup(reply: Reply) {
  const api = fakeApi({ [SIGNUP]: () => reply });
  renderWithApp(<UserSignupPage />, { route: '/user/signup' });
  return api;
}

const signUp = () => userEvent.setup().click(screen.getByRole('button', { name: 'Sign Up' }));

describe('/user/signup errors', () => {
  it('shows each field error once, at its field, and moves focus to the first invalid field', async () => {
    openSignup({
      status: 422,
      body: {
        message: 'The last name field is required. (and 1 more error)',
        errors: {
          email: ['The email field is required.'],
          last_name: ['The last name field is required.'],
        },
      },
    });
    await signUp();
    expect(await screen.findByText('The last name field is required.')).toBeVisible();
    expect(screen.getAllByText(/The last name field is required/)).toHaveLength(1);
    expect(screen.getAllByText(/The email field is required/)).toHaveLength(1);
    expect(screen.queryByText(/more error/)).not.toBeInTheDocument();
    // The first invalid field in the form's order (Last Name comes before Email), read with its error.
    const lastName = screen.getByLabelText(/Last Name/);
    await waitFor(() => expect(lastName).toHaveFocus());
    expect(lastName).toHaveAccessibleDescription('The last name field is required.');
  });

  it('shows an error that belongs to no field once, above the form, and moves focus there', async () => {
    openSignup({ status: 429, body: { message: 'Too many sign-ups from here. Please try again later.' } });
    await signUp();
    const summary = await screen.findByText('Too many sign-ups from here. Please try again later.');
    expect(screen.getAllByText(/Too many sign-ups/)).toHaveLength(1);
    const alert = summary.closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(alert).toHaveFocus());
    // Above the first field, not under the button.
    const firstField = screen.getByLabelText(/First Name/);
    expect(alert.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('puts only the errors of no field in the summary, beside the field errors', async () => {
    openSignup({
      status: 422,
      body: {
        message: 'The email has already been taken. (and 1 more error)',
        errors: { email: ['The email has already been taken.'], terms: ['Please accept the terms.'] },
      },
    });
    await signUp();
    expect(await screen.findByText('Please accept the terms.')).toBeVisible();
    expect(screen.getAllByText('The email has already been taken.')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
  });
});
