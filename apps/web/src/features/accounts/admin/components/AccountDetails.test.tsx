import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_READ_MESSAGES,
  USER_DEACTIVATED,
  type AdminPartingWords,
  adminAccountRoutes,
  routeUrl,
} from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { FuneralHomeDetailsPage } from './FuneralHomeDetailsPage';
import { PartingWordsPage } from './PartingWordsPage';
import { REASON_DIALOG_TEXTS } from './ReasonDialog';
import {
  chooseStatus,
  homeDetailFixture,
  statusOf,
  subscriptionFixture,
  userDetailFixture,
} from './test-accounts';
import { UserDetailsPage } from './UserDetailsPage';

/** The feature's detail routes as the app declares them, so links between them really navigate. */
const renderAt = (route: string) =>
  renderWithApp(
    <Routes>
      <Route path="/admin/user-management/details/:id" element={<UserDetailsPage />} />
      <Route path="/admin/user-management/details/:id/parting-words" element={<PartingWordsPage />} />
      <Route path="/admin/funeral-homes-management/details/:id" element={<FuneralHomeDetailsPage />} />
    </Routes>,
    { route },
  );

const message = (over: Partial<AdminPartingWords> = {}): AdminPartingWords => ({
  id: 40,
  title: 'For Mira, on her wedding day',
  description: 'Open it when the music starts.',
  video_link: 'https://media.example/v/40.mp4?sig=abc',
  video_thumbnail: 'https://media.example/v/40.jpg?sig=abc',
  captions: [],
  duration: '00:01:20',
  search_code: 'PW-40XY',
  is_private: 1,
  creator: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
  ...over,
});

const REASON = 'The family asked us to check that it plays.';

/** The sealed message opens only once a reason is given in the dialog (docs/product.md §11.10). */
async function giveReason(user: ReturnType<typeof userEvent.setup>, reason = REASON) {
  const dialog = await screen.findByRole('dialog', { name: REASON_DIALOG_TEXTS.title });
  const field = within(dialog).getByLabelText(/Reason/);
  await user.clear(field);
  await user.type(field, reason);
  await user.click(within(dialog).getByRole('button', { name: REASON_DIALOG_TEXTS.open }));
}

describe('UserDetailsPage', () => {
  it('shows the profile, each kind of subscription by plan title, and leads to the parting words', async () => {
    const user = userEvent.setup();
    fakeApi({
      [routeKey(adminAccountRoutes.userDetail, { id: 7 })]: () => ({
        body: {
          data: userDetailFixture(7, {
            first_name: 'Ada',
            last_name: 'Lovelace',
            map_link: 'javascript:alert(1)',
            user_time_subscription: [
              subscriptionFixture(1, 'Gold Monthly'),
              subscriptionFixture(2, 'Gold Forever', {
                status: 'expired',
                expiry_date: null,
                plan: { id: 5, title: 'Gold Forever', duration: 'life-time' },
              }),
            ],
            user_ad_subscription: [subscriptionFixture(3, 'Ad-Free Yearly', { status: 'cancelled' })],
          }),
        },
      }),
      [routeKey(adminAccountRoutes.partingWords, { id: 7 })]: () => ({ body: { data: message() } }),
    });
    renderAt('/admin/user-management/details/7');
    expect(await screen.findByRole('heading', { name: 'User Details' })).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'user7@example.test' })).toHaveAttribute(
      'href',
      'mailto:user7@example.test',
    );
    // A map link that is not a web address is shown, never made a link.
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(statusOf('Ada Lovelace')).toHaveDisplayValue('Active');

    const time = screen.getByRole('region', { name: 'Time Subscription' });
    expect(within(time).getAllByRole('row')).toHaveLength(3);
    expect(time).toHaveTextContent('Gold Monthly');
    expect(time).toHaveTextContent('Gold Forever');
    expect(time).toHaveTextContent('Expired');
    expect(time).toHaveTextContent('Life-time');
    const adFree = screen.getByRole('region', { name: 'Ad-Free Subscription' });
    expect(adFree).toHaveTextContent('Ad-Free Yearly');
    expect(adFree).toHaveTextContent('Cancelled');
    expect(screen.getByRole('region', { name: 'Funeral Subscription' })).toHaveTextContent(
      'No data found :(',
    );
    expect(screen.queryByText('Not Available')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Parting Words' }));
    await giveReason(user);
    expect(await screen.findByText('For Mira, on her wedding day', { selector: 'dd' })).toBeInTheDocument();
  });

  it('says the user does not exist for an unknown id, and offers a retry when the call fails', async () => {
    fakeApi({
      [routeKey(adminAccountRoutes.userDetail, { id: 999 })]: () => ({
        status: 404,
        body: { message: 'Not found.' },
      }),
      [routeKey(adminAccountRoutes.userDetail, { id: 8 })]: () => ({
        status: 500,
        body: { message: 'Down' },
      }),
    });
    const { unmount } = renderAt('/admin/user-management/details/999');
    expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
    unmount();
    renderAt('/admin/user-management/details/8');
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('deactivates from the details with the same dialogs, and the page reads the new status', async () => {
    let status: 0 | 1 = 1;
    const api = fakeApi({
      [routeKey(adminAccountRoutes.userDetail, { id: 7 })]: () => ({
        body: { data: userDetailFixture(7, { status }) },
      }),
      [routeKey(adminAccountRoutes.userStatus, { id: 7 })]: (call) => {
        status = JSON.parse(String(call.body)).status;
        return { body: { message: USER_DEACTIVATED, data: { id: 7, status } } };
      },
    });
    const user = userEvent.setup();
    renderAt('/admin/user-management/details/7');
    expect(await chooseStatus(user, 'First7 Last7', 'Inactive')).toHaveTextContent('Deactivate User');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(statusOf('First7 Last7')).toHaveDisplayValue('Inactive'));
    expect(
      api.calls.filter((c) => c.url.pathname === routeUrl(adminAccountRoutes.userDetail, { id: 7 })).length,
    ).toBeGreaterThan(1);
  });
});

describe('PartingWordsPage', () => {
  it('plays the final message with its title, code, visibility and creator', async () => {
    const user = userEvent.setup();
    fakeApi({
      [routeKey(adminAccountRoutes.partingWords, { id: 7 })]: () => ({ body: { data: message() } }),
    });
    renderAt('/admin/user-management/details/7/parting-words');
    await giveReason(user);
    const video = await screen.findByLabelText('Video: For Mira, on her wedding day');
    expect(video).toHaveAttribute('src', 'https://media.example/v/40.mp4?sig=abc');
    expect(video).toHaveAttribute('controls');
    expect(screen.getByText('PW-40XY')).toBeInTheDocument();
    expect(screen.getByText('Private')).toBeInTheDocument();
    expect(screen.getByText('Open it when the music starts.')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace', { exact: false })).toHaveTextContent('(ada@example.test)');
    expect(screen.getByRole('link', { name: /Back to user details/ })).toHaveAttribute(
      'href',
      '/admin/user-management/details/7',
    );
  });

  it('says "Not Available" when the user has none, and shows "Processing…" before the video is ready', async () => {
    const user = userEvent.setup();
    fakeApi({
      [routeKey(adminAccountRoutes.partingWords, { id: 7 })]: () => ({ body: { data: null } }),
      [routeKey(adminAccountRoutes.partingWords, { id: 8 })]: () => ({
        body: { data: message({ video_link: null }) },
      }),
    });
    const { unmount } = renderAt('/admin/user-management/details/7/parting-words');
    await giveReason(user);
    expect(await screen.findByText('Not Available')).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    unmount();
    renderAt('/admin/user-management/details/8/parting-words');
    await giveReason(user);
    expect(await screen.findByText('Processing…')).toBeInTheDocument();
  });

  it('asks for the reason first, says the owner will be told, and sends nothing until one is given', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [routeKey(adminAccountRoutes.partingWords, { id: 7 })]: () => ({ body: { data: message() } }),
    });
    renderAt('/admin/user-management/details/7/parting-words');
    const dialog = await screen.findByRole('dialog', { name: REASON_DIALOG_TEXTS.title });
    expect(dialog).toHaveTextContent('The owner will be told at once');
    // Too short: said in the dialog, nothing sent.
    await giveReason(user, 'curious');
    expect(within(dialog).getByText(ADMIN_READ_MESSAGES.reasonShort)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    // Cancelled: the page stays sealed, with the way to open it again.
    await user.click(within(dialog).getByRole('button', { name: REASON_DIALOG_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByLabelText(/^Video:/)).toBeNull();
    expect(api.calls.some((c) => c.url.pathname.endsWith('/parting-words'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Give a reason to open it' }));
    await giveReason(user, `  ${REASON}  `);
    expect(await screen.findByLabelText('Video: For Mira, on her wedding day')).toBeInTheDocument();
    const sent = api.calls.filter((c) => c.url.pathname.endsWith('/parting-words'));
    expect(sent.map((c) => c.url.searchParams.get('reason'))).toEqual([REASON]);
  });

  it("says the server's refusal of a reason in the dialog and opens nothing", async () => {
    const user = userEvent.setup();
    fakeApi({
      [routeKey(adminAccountRoutes.partingWords, { id: 7 })]: (call) =>
        call.url.searchParams.get('reason') === REASON
          ? { body: { data: message() } }
          : {
              status: 422,
              body: { message: 'Invalid', errors: { reason: ['The reason must say why, in words.'] } },
            },
    });
    renderAt('/admin/user-management/details/7/parting-words');
    await giveReason(user, 'Just looking at it now');
    const dialog = await screen.findByRole('dialog', { name: REASON_DIALOG_TEXTS.title });
    expect(await within(dialog).findByText('The reason must say why, in words.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Video:/)).toBeNull();
    await giveReason(user);
    expect(await screen.findByLabelText('Video: For Mira, on her wedding day')).toBeInTheDocument();
  });

  it('marks the button "Not Available" on the details when the user has no final message', async () => {
    fakeApi({
      [routeKey(adminAccountRoutes.userDetail, { id: 7 })]: () => ({
        body: { data: userDetailFixture(7, { has_parting_words: false }) },
      }),
    });
    renderAt('/admin/user-management/details/7');
    expect(await screen.findByText('Not Available')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parting Words' })).toHaveAttribute(
      'href',
      '/admin/user-management/details/7/parting-words',
    );
  });
});

describe('FuneralHomeDetailsPage', () => {
  it('shows the home, its owner and its plans', async () => {
    fakeApi({
      [routeKey(adminAccountRoutes.funeralHomeDetail, { id: 3 })]: () => ({
        body: {
          data: homeDetailFixture(3, {
            home_name: 'Evergreen Chapel',
            funeral_subscription: [subscriptionFixture(9, 'Funeral Yearly')],
          }),
        },
      }),
    });
    renderAt('/admin/funeral-homes-management/details/3');
    expect(await screen.findByText('Evergreen Chapel')).toBeInTheDocument();
    expect(screen.getByText('Owner3 Keeper')).toBeInTheDocument();
    expect(screen.getByText('1 Chapel Road')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Funeral Home Subscription' })).toHaveTextContent(
      'Funeral Yearly',
    );
    expect(statusOf('Evergreen Chapel')).toHaveDisplayValue('Active');
  });

  it('says the funeral home does not exist for an unknown id', async () => {
    fakeApi({
      [routeKey(adminAccountRoutes.funeralHomeDetail, { id: 404 })]: () => ({
        status: 404,
        body: { message: 'Not found.' },
      }),
    });
    renderAt('/admin/funeral-homes-management/details/404');
    expect(await screen.findByText('This funeral home does not exist.')).toBeInTheDocument();
  });
});
