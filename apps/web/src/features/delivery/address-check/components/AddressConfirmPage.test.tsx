import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { ADDRESS_CHECK_MESSAGES, deliveryAddressRoutes, routeUrl } from '@pw/contracts';
import { formatDay } from '@/lib/dates';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { SCHEDULED_FOLDER_PAGE } from '@pw/contracts';
import { AddressConfirmPage, STILL_RIGHT } from './AddressConfirmPage';

const TOKEN = 'b'.repeat(43);
const CONFIRM = routeKey(deliveryAddressRoutes.confirm);
const DETAILS = routeKey(deliveryAddressRoutes.details);
const CONFIRMED = {
  message: ADDRESS_CHECK_MESSAGES.confirmed,
  data: {
    video_title: 'For your wedding day, with a title long enough to wrap on a phone',
    recipient_email: 'a.very.long.recipient.address.for.a.small.screen@recipient.example',
    due_at: '2029-06-01T07:00:00.000Z',
    confirmed_at: '2026-11-27T10:00:00.000Z',
  },
};

/** What the link asks about, as the page reads it first (not confirmed yet). */
const ASKED = { data: { ...CONFIRMED.data, confirmed_at: null } };

function open(handlers: Record<string, Handler>) {
  const server = fakeApi({ [DETAILS]: () => ({ body: ASKED }), ...handlers });
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
  it('names the video, the address and the day before the button; only the button confirms', async () => {
    let answer: (value: unknown) => void = () => {};
    const { server, user } = open({
      [CONFIRM]: () => new Promise((resolve) => (answer = resolve)).then(() => ({ body: CONFIRMED })),
    });
    expect(screen.getByRole('heading', { level: 1, name: ADDRESS_CHECK_MESSAGES.pageTitle })).toBeVisible();
    const button = await screen.findByRole('button', { name: STILL_RIGHT });
    // The address and the video come first, in reading order.
    const address = screen.getAllByText(CONFIRMED.data.recipient_email)[0]!;
    const title = screen.getByText(CONFIRMED.data.video_title);
    for (const named of [address, title])
      expect(named.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(formatDay(CONFIRMED.data.due_at))).toBeVisible();
    // Opening the page only read what the link is about.
    expect(server.calls.map((call) => call.path)).toEqual([routeUrl(deliveryAddressRoutes.details)]);
    expect(JSON.parse(server.calls[0]!.body as string)).toEqual({ token: TOKEN });
    await user.click(button);
    // Loading: the button waits, the spinner says what happens.
    expect(await screen.findByRole('status')).toHaveTextContent(ADDRESS_CHECK_MESSAGES.loading);
    expect(screen.getByRole('button', { name: STILL_RIGHT })).toBeDisabled();
    answer(null);
    expect(await screen.findByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();
    expect(screen.getByText(CONFIRMED.data.recipient_email)).toHaveClass('text-break');
    expect(screen.getByText(CONFIRMED.data.video_title)).toBeVisible();
    expect(screen.getByText('Address confirmed on')).toBeVisible();
    expect(screen.queryByRole('button', { name: STILL_RIGHT })).not.toBeInTheDocument();
    const confirmCalls = server.calls.filter((call) => call.path === routeUrl(deliveryAddressRoutes.confirm));
    expect(confirmCalls).toHaveLength(1);
    expect(JSON.parse(confirmCalls[0]!.body as string)).toEqual({ token: TOKEN });
  });

  it('a link opened again after its answer says the address is already confirmed, without a button', async () => {
    open({ [DETAILS]: () => ({ body: CONFIRMED }) });
    expect(
      await screen.findByRole('heading', { name: ADDRESS_CHECK_MESSAGES.alreadyConfirmed }),
    ).toBeVisible();
    expect(screen.getByText('Address confirmed on')).toBeVisible();
    expect(screen.queryByRole('button', { name: STILL_RIGHT })).not.toBeInTheDocument();
  });

  it.each([
    [404, ADDRESS_CHECK_MESSAGES.invalidLink],
    [410, ADDRESS_CHECK_MESSAGES.expired],
    [409, ADDRESS_CHECK_MESSAGES.changed],
  ])(
    'a link refused for good (%i) says why at once and leads to the scheduled videos',
    async (status, message) => {
      const { server } = open({ [DETAILS]: () => ({ status, body: { message } }) });
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('button', { name: STILL_RIGHT })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: ADDRESS_CHECK_MESSAGES.signIn })).toHaveAttribute(
        'href',
        SCHEDULED_FOLDER_PAGE,
      );
      expect(server.calls.some((call) => call.path === routeUrl(deliveryAddressRoutes.confirm))).toBe(false);
    },
  );

  it('a link that stops working between reading and the button says why', async () => {
    const { user } = open({
      [CONFIRM]: () => ({ status: 409, body: { message: ADDRESS_CHECK_MESSAGES.changed } }),
    });
    await user.click(await screen.findByRole('button', { name: STILL_RIGHT }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADDRESS_CHECK_MESSAGES.changed);
    expect(screen.queryByRole('button', { name: STILL_RIGHT })).not.toBeInTheDocument();
  });

  it('a failure that may pass (the server down) keeps the button to try again, by keyboard too', async () => {
    let calls = 0;
    const { user } = open({
      // The page could not read the details either: it asks without them, and the button still works.
      [DETAILS]: () => ({ status: 503, body: { message: 'Try again later.' } }),
      [CONFIRM]: () =>
        ++calls === 1 ? { status: 503, body: { message: 'Try again later.' } } : { body: CONFIRMED },
    });
    expect(await screen.findByText(/Confirm that its recipient's address is still right/)).toBeVisible();
    await user.tab();
    expect(screen.getByRole('button', { name: STILL_RIGHT })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Try again later.')).toBeVisible();
    expect(screen.getByRole('button', { name: STILL_RIGHT })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: STILL_RIGHT }));
    expect(await screen.findByRole('heading', { name: ADDRESS_CHECK_MESSAGES.confirmed })).toBeVisible();
  });
});
