import { accountDataRoutes, routeUrl } from '@pw/contracts';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router';
import type { AccountExport } from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi } from '@/test/fake-api';
import { session, useSessionUser } from '@/lib/session';
import { AccountDataCard, EXPORT_TEXTS, ROLE_TEXTS } from './AccountDataCard';
import { DELETE_TEXTS } from './DeleteAccountDialog';

const exportOf = (extra: Partial<AccountExport> = {}): AccountExport => ({
  id: 7,
  status: 'running',
  progress: 40,
  step: 'Videos 1 of 2',
  error: null,
  size_bytes: null,
  download_url: null,
  expires_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  ...extra,
});
const ready = exportOf({
  status: 'ready',
  progress: 100,
  step: null,
  size_bytes: 2_500_000,
  download_url: routeUrl(accountDataRoutes.download, { token: '7.1795000000.abc' }),
  expires_at: '2026-11-30T10:00:00.000Z',
});

const renderCard = (role: 'user' | 'funeral-home' = 'user') =>
  renderWithApp(
    <Routes>
      <Route path="/profile" element={<AccountDataCard role={role} />} />
      <Route path="/login" element={<h1>Login</h1>} />
    </Routes>,
    { route: '/profile' },
  );

describe('Download my data', () => {
  it('starts an export, shows its progress, then the download link', async () => {
    let polls = 0;
    const api = fakeApi({
      [routeKey(accountDataRoutes.user.latestExport)]: () => ({
        body: { data: polls++ === 0 ? null : ready },
      }),
      [routeKey(accountDataRoutes.user.startExport)]: () => ({ status: 201, body: { data: exportOf() } }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: EXPORT_TEXTS.start }));
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Videos 1 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: EXPORT_TEXTS.start })).not.toBeInTheDocument();

    const link = await screen.findByRole('link', { name: /Download \(zip\) \(2\.5 MB\)/ }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', ready.download_url);
    expect(link).toHaveAttribute('download');
    expect(screen.getByRole('button', { name: EXPORT_TEXTS.again })).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('finds a running export after a reload, for a funeral home too', async () => {
    fakeApi({
      [routeKey(accountDataRoutes.funeralHome.latestExport)]: () => ({
        body: { data: exportOf({ progress: 10 }) },
      }),
    });
    renderCard('funeral-home');
    expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
  });

  it('says when the state cannot be read, and when an export failed', async () => {
    fakeApi({
      [routeKey(accountDataRoutes.user.latestExport)]: () => ({
        status: 500,
        body: { message: 'Server Error' },
      }),
    });
    renderCard();
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
  });

  it('shows why an export failed and offers to start again', async () => {
    fakeApi({
      [routeKey(accountDataRoutes.user.latestExport)]: () => ({
        body: { data: exportOf({ status: 'failed', step: null, error: EXPORT_TEXTS.failed }) },
      }),
    });
    renderCard();
    expect(await screen.findByText(EXPORT_TEXTS.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: EXPORT_TEXTS.start })).toBeEnabled();
  });
});

describe('Delete account', () => {
  it('asks a clear question with the password, shows a wrong password on the field, and keeps the account', async () => {
    const api = fakeApi({
      [routeKey(accountDataRoutes.user.latestExport)]: () => ({ body: { data: null } }),
      [routeKey(accountDataRoutes.user.deleteAccount)]: () => ({
        status: 422,
        body: { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } },
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: EXPORT_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_TEXTS.title });
    expect(within(dialog).getByText(DELETE_TEXTS.question)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: DELETE_TEXTS.confirm });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^Password/), 'wrong-password');
    await user.click(confirm);
    const field = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('The password is incorrect.')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls.at(-1)!.body))).toEqual({ password: 'wrong-password' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('signs the person out after deleting and shows the confirmation on the login page', async () => {
    session.signIn(
      { id: 3, type: 'user', email: 'ada@example.com', first_name: 'Ada', last_name: 'L', photo_path: null },
      'token-1',
    );
    fakeApi({
      [routeKey(accountDataRoutes.user.latestExport)]: () => ({ body: { data: null } }),
      [routeKey(accountDataRoutes.user.deleteAccount)]: () => ({
        body: { message: 'Your account has been deleted.', data: null },
      }),
    });
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: EXPORT_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_TEXTS.title });
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: DELETE_TEXTS.confirm }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: EXPORT_TEXTS.deletedTitle })).toBeInTheDocument();
    expect(screen.getByText('Your account has been deleted.')).toBeInTheDocument();
    expect(session.user()).toBeNull();
    expect(session.token()).toBeNull();
  });

  it('confirms the deletion even when the page was left before the answer came back', async () => {
    // Another request with the deleted account's token (the bell's poll, another tab) comes back 401 while
    // the deletion's answer is on its way: the session ends and the area's layout leaves the profile.
    session.signIn(
      {
        id: 4,
        type: 'funeral-home',
        email: 'home@example.com',
        first_name: 'H',
        last_name: 'F',
        photo_path: null,
      },
      'token-2',
    );
    let answer: ((reply: { body: unknown }) => void) | null = null;
    fakeApi({
      [routeKey(accountDataRoutes.funeralHome.latestExport)]: () => ({ body: { data: null } }),
      [routeKey(accountDataRoutes.funeralHome.deleteAccount)]: () =>
        new Promise((resolve) => (answer = resolve)),
    });
    const SignedIn = () =>
      useSessionUser() ? <AccountDataCard role="funeral-home" /> : <Navigate to="/login" replace />;
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path="/profile" element={<SignedIn />} />
        <Route path="/login" element={<h1>Login</h1>} />
      </Routes>,
      { route: '/profile' },
    );
    await user.click(await screen.findByRole('button', { name: EXPORT_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_TEXTS.title });
    await user.type(within(dialog).getByLabelText(/^Password/), 'correct-horse');
    await user.click(within(dialog).getByRole('button', { name: DELETE_TEXTS.confirm }));
    await waitFor(() => expect(answer).not.toBeNull());
    act(() => session.clear());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();

    answer!({ body: { message: 'Your account has been deleted.', data: null } });
    expect(await screen.findByRole('heading', { name: EXPORT_TEXTS.deletedTitle })).toBeInTheDocument();
    expect(screen.getByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it("speaks to a funeral home of the home's data, not of videos and schedules", async () => {
    fakeApi({ [routeKey(accountDataRoutes.funeralHome.latestExport)]: () => ({ body: { data: null } }) });
    const user = userEvent.setup();
    renderCard('funeral-home');
    const data = await screen.findByRole('region', { name: EXPORT_TEXTS.heading });
    expect(data).toHaveTextContent(ROLE_TEXTS['funeral-home'].intro);
    const leaving = screen.getByRole('region', { name: EXPORT_TEXTS.deleteHeading });
    expect(leaving).toHaveTextContent("Delete your funeral home's account");
    for (const section of [data, leaving]) {
      expect(section.textContent).not.toMatch(/videos|schedules|Scheduled deliveries/);
    }
    await user.click(within(leaving).getByRole('button', { name: EXPORT_TEXTS.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_TEXTS.title });
    expect(dialog).toHaveTextContent(DELETE_TEXTS.questionFuneralHome);
    expect(dialog.textContent).not.toMatch(/your videos|scheduled deliveries/);
  });
});
