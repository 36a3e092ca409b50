import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import {
  ADDRESS_CHECK_MESSAGES,
  ADDRESS_CHECK_TASK,
  deliveryAddressRoutes,
  videoRoutes,
  type DeliveryInfo,
  type Video,
} from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type FakeApi, type Reply } from '@/test/fake-api';
import { videoFixture } from '@/test/video-fixture';
import { ScheduledVideoPage } from './VideoDetailPage';
import { VideoTabs } from './VideoTabs';

const CONFIRM = routeKey(deliveryAddressRoutes.confirmOwn, { id: 5 });
const ASKED = '2026-11-20T08:00:00.000Z';
const CONFIRMED = '2026-11-27T10:00:00.000Z';
const QUESTION = ADDRESS_CHECK_TASK.question('kin@example.com');

const scheduled = (addressCheck: DeliveryInfo['address_check']): Video =>
  videoFixture(5, 'scheduled', {
    title: 'Far words',
    email: 'kin@example.com',
    share_at_date: '2029-06-15',
    share_at_time: '10:00:00',
    timezone: 'Europe/Paris',
    delivery: {
      status: 'pending',
      recipient_email: 'kin@example.com',
      due_at: '2029-06-15T08:00:00.000Z',
      sent_at: null,
      attempts: 0,
      last_error: null,
      fallback_email: null,
      replaces_email: null,
      address_check: addressCheck,
    },
  });

const confirmedReply = (): Reply => ({
  body: {
    message: ADDRESS_CHECK_MESSAGES.confirmed,
    data: {
      video_title: 'Far words',
      recipient_email: 'kin@example.com',
      due_at: '2029-06-15T08:00:00.000Z',
      confirmed_at: CONFIRMED,
    },
  },
});

describe("the yearly address check's task in the app (docs/product.md §5.9)", () => {
  let current: Video;
  let server: FakeApi;
  let reply: () => Reply | Promise<Reply>;

  beforeEach(() => {
    current = scheduled({ asked_at: ASKED, confirmed_at: null });
    reply = () => {
      current = scheduled({ asked_at: ASKED, confirmed_at: CONFIRMED });
      return confirmedReply();
    };
    server = fakeApi({
      [routeKey(videoRoutes.listScheduled)]: () => ({ body: { data: [current] } }),
      [CONFIRM]: () => reply(),
    });
  });
  const confirmCalls = () => server.calls.filter((call) => `${call.method} ${call.path}` === CONFIRM);

  it("the card asks; 'Still right' by keyboard is busy while it runs, then says the day it was confirmed", async () => {
    let release!: () => void;
    reply = () =>
      new Promise<Reply>((resolve) => {
        release = () => {
          current = scheduled({ asked_at: ASKED, confirmed_at: CONFIRMED });
          resolve(confirmedReply());
        };
      });
    const user = userEvent.setup();
    renderWithApp(<VideoTabs />, { route: '/user/profile?tab=scheduled' });
    const line = await screen.findByTestId('address-check');
    expect(line).toHaveTextContent(QUESTION);
    const button = within(line).getByRole('button', { name: ADDRESS_CHECK_TASK.stillRight });
    button.focus();
    await user.keyboard('{Enter}');
    const busy = await within(line).findByRole('button', { name: ADDRESS_CHECK_TASK.confirming });
    expect(busy).toBeDisabled();
    release();
    await waitFor(() =>
      expect(screen.getByTestId('address-check')).toHaveTextContent(
        ADDRESS_CHECK_TASK.confirmed('27 November 2026'),
      ),
    );
    expect(confirmCalls()).toHaveLength(1);
    // The card itself still opens the video.
    expect(screen.getByRole('link', { name: /Far words/ })).toHaveAttribute(
      'href',
      '/user/profile/scheduled?video=5',
    );
  });

  it("shows the call's refusal and keeps the question", async () => {
    reply = () => ({ status: 404, body: { message: ADDRESS_CHECK_MESSAGES.nothingToConfirm } });
    const user = userEvent.setup();
    renderWithApp(<VideoTabs />, { route: '/user/profile?tab=scheduled' });
    await user.click(await screen.findByRole('button', { name: ADDRESS_CHECK_TASK.stillRight }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADDRESS_CHECK_MESSAGES.nothingToConfirm);
    expect(screen.getByTestId('address-check')).toHaveTextContent(QUESTION);
  });

  it("the card's 'Change' opens the video's schedule dialog in change mode", async () => {
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/user/profile" element={<VideoTabs />} />
        <Route path="/user/profile/scheduled" element={<ScheduledVideoPage />} />
      </Routes>,
      { route: '/user/profile?tab=scheduled' },
    );
    await user.click(await screen.findByRole('button', { name: ADDRESS_CHECK_TASK.change }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/e-mail/i, { selector: 'input' })).toHaveValue('kin@example.com');
    expect(confirmCalls()).toHaveLength(0);
  });

  it("the video's page asks too, and its 'Change' opens the schedule dialog", async () => {
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/user/profile/scheduled" element={<ScheduledVideoPage />} />
      </Routes>,
      { route: '/user/profile/scheduled?video=5' },
    );
    expect(await screen.findByTestId('address-check')).toHaveTextContent(QUESTION);
    await user.click(screen.getByRole('button', { name: ADDRESS_CHECK_TASK.change }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: ADDRESS_CHECK_TASK.stillRight }));
    await waitFor(() =>
      expect(screen.getByTestId('address-check')).toHaveTextContent(
        ADDRESS_CHECK_TASK.confirmed('27 November 2026'),
      ),
    );
  });

  it('nothing when no check asked about the delivery', async () => {
    current = scheduled(null);
    renderWithApp(<VideoTabs />, { route: '/user/profile?tab=scheduled' });
    expect(await screen.findByText('Far words')).toBeInTheDocument();
    expect(screen.queryByTestId('address-check')).not.toBeInTheDocument();
  });
});
