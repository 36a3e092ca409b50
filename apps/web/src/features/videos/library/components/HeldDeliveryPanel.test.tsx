import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type FakeApi, type Reply } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import {
  HELD_DELIVERY_CANCELLED,
  HELD_DELIVERY_SENT,
  NO_HELD_DELIVERY,
  type DeliveryInfo,
  type Video,
  deliveryRoutes,
  videoRoutes,
  routeUrl,
} from '@pw/contracts';
import { ScheduledVideoPage } from './VideoDetailPage';

const DECIDE = routeUrl(deliveryRoutes.decideHeld, { id: 5 });

const delivery = (status: DeliveryInfo['status']): DeliveryInfo => ({
  status,
  recipient_email: 'kin@example.com',
  due_at: '2026-11-01T09:00:00.000Z',
  sent_at: null,
  attempts: 0,
  last_error:
    status === 'awaiting_owner'
      ? 'Its moment passed over a day ago while your account was deactivated. Send it now or cancel it.'
      : null,
  fallback_email: null,
  replaces_email: null,
});

const held = (status: DeliveryInfo['status'] = 'awaiting_owner'): Video =>
  videoFixture(5, 'scheduled', {
    title: 'Late words',
    email: 'kin@example.com',
    share_at_date: '2026-11-01',
    share_at_time: '10:00:00',
    delivery: delivery(status),
  });

const renderScheduled = () =>
  renderWithApp(
    <Routes>
      <Route path="/user/profile/scheduled" element={<ScheduledVideoPage />} />
    </Routes>,
    { route: '/user/profile/scheduled?video=5' },
  );

const modalOf = (text: HTMLElement) => text.closest('.modal') as HTMLElement;
const PANEL = { name: 'Waiting for your answer' };

type User = ReturnType<typeof userEvent.setup>;

/** Presses one of the panel's buttons, then `reply` in its confirmation `question`; returns that dialog. */
async function answer(user: User, button: string, question: string, reply: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  const ask = await screen.findByRole('dialog', { name: question });
  await user.click(within(ask).getByRole('button', { name: reply }));
  return ask;
}

const panelGone = () => waitFor(() => expect(screen.queryByRole('region', PANEL)).not.toBeInTheDocument());

describe('a delivery awaiting the owner (docs/product.md §5.6)', () => {
  let current: Video;
  let server: FakeApi;
  let decide: (body: { decision: string }) => Reply;

  beforeEach(() => {
    current = held();
    decide = ({ decision }) => {
      current = held(decision === 'send' ? 'pending' : 'cancelled');
      return {
        body: {
          message: decision === 'send' ? HELD_DELIVERY_SENT : HELD_DELIVERY_CANCELLED,
          data: { video_id: 5, status: decision === 'send' ? 'pending' : 'cancelled' },
        },
      };
    };
    server = fakeApi({
      [routeKey(videoRoutes.listScheduled)]: () => ({ body: { data: [current] } }),
      [`POST ${DECIDE}`]: (call) => decide(JSON.parse(String(call.body)) as { decision: string }),
    });
  });

  const decideCalls = () => server.calls.filter((call) => call.path === DECIDE);

  it('says why nothing was sent and offers Send now and Cancel delivery', async () => {
    renderScheduled();
    const panel = await screen.findByRole('region', PANEL);
    expect(panel).toHaveTextContent(
      /^Waiting for your answerThis message was due on 1 November 2026 at \d\d:\d\d while your account was deactivated, so it was not sent to kin@example\.com\. Send it now or cancel it\?/,
    );
    expect(within(panel).getByRole('button', { name: 'Send now' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Cancel delivery' })).toBeEnabled();
    expect(screen.getByText('Awaiting your answer')).toBeInTheDocument();
  });

  it('sends it now after the confirmation, then shows the refreshed schedule', async () => {
    const user = userEvent.setup();
    renderScheduled();
    await user.click(await screen.findByRole('button', { name: 'Send now' }));
    const ask = await screen.findByRole('dialog', { name: 'Send it now?' });
    expect(ask).toHaveTextContent('It will be e-mailed to kin@example.com now.');
    expect(decideCalls()).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('dialog', { name: HELD_DELIVERY_SENT })).toBeInTheDocument();
    expect(decideCalls().map((call) => JSON.parse(String(call.body)))).toEqual([{ decision: 'send' }]);
    await panelGone();
    expect(screen.getByText(/To be sent to/)).toBeInTheDocument();
  });

  it('cancels the delivery after the confirmation, and the panel goes', async () => {
    const user = userEvent.setup();
    renderScheduled();
    const ask = await answer(user, 'Cancel delivery', 'Cancel the delivery?', 'Cancel delivery');
    expect(ask).toHaveTextContent(/This video will NOT be sent to kin@example\.com\./);
    expect(await screen.findByRole('dialog', { name: HELD_DELIVERY_CANCELLED })).toBeInTheDocument();
    expect(decideCalls().map((call) => JSON.parse(String(call.body)))).toEqual([{ decision: 'cancel' }]);
    await panelGone();
    expect(screen.queryByText('Awaiting your answer')).not.toBeInTheDocument();
  });

  it("a yearly delivery's cancel says that only this year is skipped", async () => {
    current = {
      ...held(),
      delivery: { ...delivery('awaiting_owner'), repeat: 'yearly', repeat_until: null },
    };
    const user = userEvent.setup();
    renderScheduled();
    const ask = await answer(user, 'Cancel delivery', "Cancel this year's delivery?", 'Cancel delivery');
    expect(ask).toHaveTextContent(
      "This year's message will NOT be sent to kin@example.com. The yearly delivery goes on: the next one is sent as scheduled.",
    );
    expect(await screen.findByRole('dialog', { name: HELD_DELIVERY_CANCELLED })).toBeInTheDocument();
    expect(decideCalls().map((call) => JSON.parse(String(call.body)))).toEqual([{ decision: 'cancel' }]);
  });

  it('sends nothing when either confirmation is declined', async () => {
    const user = userEvent.setup();
    renderScheduled();
    await answer(user, 'Send now', 'Send it now?', 'Not now');
    await answer(user, 'Cancel delivery', 'Cancel the delivery?', 'Keep it');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(decideCalls()).toHaveLength(0);
    expect(screen.getByRole('region', PANEL)).toBeInTheDocument();
  });

  it("shows the server's refusal and refreshes the video (answered in another tab)", async () => {
    decide = () => {
      current = held('pending');
      return { status: 404, body: { message: NO_HELD_DELIVERY } };
    };
    const user = userEvent.setup();
    renderScheduled();
    await answer(user, 'Send now', 'Send it now?', 'Send now');
    const refusal = await screen.findByText(NO_HELD_DELIVERY);
    expect(within(modalOf(refusal)).getByText('Unsuccessful')).toBeInTheDocument();
    await panelGone();
  });

  it('keeps the question when the server fails, with a message to try again', async () => {
    decide = () => ({ status: 500, body: {} });
    const user = userEvent.setup();
    renderScheduled();
    await answer(user, 'Cancel delivery', 'Cancel the delivery?', 'Cancel delivery');
    expect(await screen.findByRole('dialog', { name: 'Unsuccessful' })).toHaveTextContent(
      'The delivery could not be cancelled. Please try again.',
    );
    expect(screen.getByRole('region', PANEL)).toBeInTheDocument();
  });

  it('warns that moving the video out of the folder will not send it, as for a pending delivery', async () => {
    fakeApi({
      [routeKey(videoRoutes.listScheduled)]: () => ({ body: { data: [current] } }),
    });
    const user = userEvent.setup();
    renderScheduled();
    await user.click(await screen.findByRole('button', { name: /Change folder/ }));
    await user.selectOptions(screen.getByLabelText(/Move this video to/), 'draft');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel the delivery?' })).toHaveTextContent(
      /This video will NOT be sent/,
    );
  });
});
