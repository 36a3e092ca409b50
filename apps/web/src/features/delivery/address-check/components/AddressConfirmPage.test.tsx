import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { ADDRESS_CHECK_MESSAGES, deliveryAddressRoutes } from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { SCHEDULED_FOLDER_PAGE } from '@pw/contracts';
import { AddressConfirmPage, STILL_RIGHT } from './AddressConfirmPage';

const TOKEN = 'b'.repeat(43);
const CONFIRM = routeKey(deliveryAddressRoutes.confirm);
const CONFIRMED = {
  message: ADDRESS_CHECK_MESSAGES.confirmed,
  data: {
    video_title: 'For your wedding day, with a title long enough to wrap on a phone',
    recipient_email: 'a.very.long.recipient.address.for.a.small.screen@recipient.example',
    due_at: '2029-06-01T07:00:00.000Z',
    confirmed_at: '2026-11-27T10:00:00.000Z',
  },
};

function open(handlers: Record<string, Handler>) {
  const server = fakeApi(handlers);
  const user = userEvent.setup();
  renderWithApp(
    <Routes>
      <Route path="/delivery/address/:token" element={<AddressConfirmPage />} />
    </Routes>,
    { route: `/delivery/address/${TOKEN}` },
  );
  return { server, user };
}

describe("the yearly address check's 'Still right' page (/delivery/address/:token)", () => {
  it('opening it confirms nothing; the button sends the token and shows what was confirmed', async () => {
    let answer: (value: unknown) => void = () => {};
    const { server, user } = open({
      [CONFIRM]: () => new Promise((resolve) => (answer = resolve)).then(() => ({ body: CONFIRMED })),
    });
    expect(screen.getByRole('heading', { level: 1, name: ADDRESS_CHECK_MESSAGES.pageTitle })).toBeVisible();
    expect(server.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: STILL_RIGHT }));
    // Loading: the button waits, the spinner says what happens.
    expect(await screen.findByRole('status')).toHaveTextContent(ADDRESS_CHECK_MESSAGES.loading);
    expect(screen.getByRole('button', { name: STILL_RIGHT })).toBeDisabled();
    answer(null);
    expect(await screen.findByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();
    expect(screen.getByText(CONFIRMED.data.recipient_email)).toHaveClass('text-break');
    expect(screen.getByText(CONFIRMED.data.video_title)).toBeVisible();
    expect(screen.getByText('Address confirmed on')).toBeVisible();
    expect(screen.queryByRole('button', { name: STILL_RIGHT })).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(1);
    expect(JSON.parse(server.calls[0]!.body as string)).toEqual({ token: TOKEN });
  });

  it.each([
    [404, ADDRESS_CHECK_MESSAGES.invalidLink],
    [410, ADDRESS_CHECK_MESSAGES.expired],
    [409, ADDRESS_CHECK_MESSAGES.changed],
  ])('a link refused for good (%i) says why and leads to the scheduled videos', async (status, message) => {
    const { user } = open({ [CONFIRM]: () => ({ status, body: { message } }) });
    await user.click(screen.getByRole('button', { name: STILL_RIGHT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: STILL_RIGHT })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: ADDRESS_CHECK_MESSAGES.signIn })).toHaveAttribute(
      'href',
      SCHEDULED_FOLDER_PAGE,
    );
  });

  it('a failure that may pass (the server down) keeps the button to try again, by keyboard too', async () => {
    let calls = 0;
    const { user } = open({
      [CONFIRM]: () =>
        ++calls === 1 ? { status: 503, body: { message: 'Try again later.' } } : { body: CONFIRMED },
    });
    await user.tab();
    expect(screen.getByRole('button', { name: STILL_RIGHT })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Try again later.')).toBeVisible();
    expect(screen.getByRole('button', { name: STILL_RIGHT })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: STILL_RIGHT }));
    expect(await screen.findByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();
  });
});
