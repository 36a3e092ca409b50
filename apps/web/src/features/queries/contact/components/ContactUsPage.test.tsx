import { queryRoutes } from '@pw/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi, type Reply } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { ContactUsPage } from './ContactUsPage';

const CONTACT = routeKey(queryRoutes.contactUs);

async function sendWith(reply: Reply) {
  fakeApi({ [CONTACT]: () => reply });
  renderWithApp(<ContactUsPage />, { route: '/contact-us' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Name/), 'Ann Visitor');
  await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await user.type(screen.getByLabelText(/Subject/), 'Hello');
  await user.type(screen.getByLabelText(/Message/), 'A question');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('/contact-us errors', () => {
  it('shows a field error once, at its field, with focus on it', async () => {
    await sendWith({
      status: 422,
      body: {
        message: 'The subject may not be greater than 255 characters.',
        errors: { subject: ['The subject may not be greater than 255 characters.'] },
      },
    });
    expect(await screen.findByText('The subject may not be greater than 255 characters.')).toBeVisible();
    expect(screen.getAllByText(/may not be greater than 255/)).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText(/Subject/)).toHaveFocus());
  });

  it('shows an error of no field once, above the form, with focus on it', async () => {
    await sendWith({ status: 429, body: { message: 'Too many messages. Please try again later.' } });
    const summary = await screen.findByText('Too many messages. Please try again later.');
    expect(screen.getAllByText(/Too many messages/)).toHaveLength(1);
    const alert = summary.closest('[role="alert"]') as HTMLElement;
    await waitFor(() => expect(alert).toHaveFocus());
    expect(
      alert.compareDocumentPosition(screen.getByLabelText(/Name/)) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
