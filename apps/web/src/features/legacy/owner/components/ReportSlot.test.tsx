import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_CANCELLED_MESSAGE, type AccountType, legacyRoutes } from '@pw/contracts';
import { renderWithApp, settled as idle } from '@/test/render';
import { routeKey, fakeApi, type FakeApi } from '@/test/fake-api';
import { formatWhen } from '@/lib/dates';
import { session } from '@/lib/session';
import { legacySettings, openReport } from '@/test/legacy-fixture';
import { LEGACY_POLL_MS } from '../api/get-settings';
import { ReportSlot } from './ReportSlot';
import { LEGACY_TEXTS } from './texts';

const SETTINGS = routeKey(legacyRoutes.settings);
const BANNER = { name: LEGACY_TEXTS.reportHeading };

const signIn = (type: AccountType) =>
  session.signIn(
    { id: 4, type, email: 'olive@example.com', first_name: 'Olive', last_name: 'Owner', photo_path: null },
    'token-4',
  );

/** The slot's lazily loaded banner, which asks for the settings. */
const bannerPart = () => import('./ReportBanner');

const renderSlot = () =>
  renderWithApp(
    <>
      <ReportSlot />
      <main id="main" tabIndex={-1}>
        <h1>Home</h1>
      </main>
    </>,
  );

/** Lets the lazy banner load and its call settle. */
const settled = (api: FakeApi, calls: number) => waitFor(() => expect(api.calls).toHaveLength(calls));

describe('the open report at the top of the user area', () => {
  it('shows who reported, when, and when the message will be released; cancels after a confirmation', async () => {
    signIn('user');
    let current = legacySettings({ state: 'waiting', open_report: openReport() });
    const api = fakeApi({
      [SETTINGS]: () => ({ body: { data: current } }),
      [routeKey(legacyRoutes.cancelReport)]: () => {
        current = legacySettings();
        return { body: { message: REPORT_CANCELLED_MESSAGE, data: current } };
      },
    });
    const user = userEvent.setup();
    renderSlot();
    const banner = await screen.findByRole('region', BANNER);
    expect(banner).toHaveTextContent(
      `Kim Kin (Sister) reported your passing on ${formatWhen('2026-11-20T09:30:00.000Z')}.`,
    );
    expect(banner).toHaveTextContent(
      `your final message will be released on ${formatWhen('2026-11-23T09:30:00.000Z')}`,
    );
    expect(banner).toHaveTextContent(LEGACY_TEXTS.signInCancelsNothing);

    // The first thing the keyboard reaches.
    await user.tab();
    expect(within(banner).getByRole('button', { name: LEGACY_TEXTS.cancel })).toHaveFocus();
    await user.keyboard('{Enter}');
    const ask = await screen.findByRole('dialog', { name: LEGACY_TEXTS.confirmTitle });
    expect(ask).toHaveTextContent(LEGACY_TEXTS.confirmText);
    await user.click(within(ask).getByRole('button', { name: LEGACY_TEXTS.confirmYes }));

    const done = await screen.findByRole('dialog', { name: REPORT_CANCELLED_MESSAGE });
    await waitFor(() => expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument());
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(api.calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      SETTINGS,
      routeKey(legacyRoutes.cancelReport),
    ]);
  });

  it('shows nothing while no report is open', async () => {
    signIn('user');
    const api = fakeApi({ [SETTINGS]: () => ({ body: { data: legacySettings() } }) });
    renderSlot();
    await settled(api, 1);
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: LEGACY_TEXTS.cancel })).not.toBeInTheDocument();
  });

  it('shows nothing when the settings cannot be read (the profile’s card says so)', async () => {
    signIn('user');
    const api = fakeApi({ [SETTINGS]: () => ({ status: 500, body: { message: 'Server Error' } }) });
    renderSlot();
    await settled(api, 1);
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
    expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
  });

  it.each(['funeral-home', 'admin'] as const)('asks nothing for a %s', async (type) => {
    signIn(type);
    const api = fakeApi({
      [SETTINGS]: () => ({ body: { data: legacySettings({ open_report: openReport() }) } }),
    });
    const view = renderSlot();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    // A banner drawn by mistake would have loaded and asked by the time the screen is idle.
    await idle(view.queryClient, [bannerPart()]);
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
  });

  it('asks nothing when nobody is signed in', async () => {
    const api = fakeApi({
      [SETTINGS]: () => ({ body: { data: legacySettings({ open_report: openReport() }) } }),
    });
    const view = renderSlot();
    await idle(view.queryClient, [bannerPart()]);
    expect(api.calls).toHaveLength(0);
  });

  it('a report made while a page stays open reaches the alert at the next poll', async () => {
    signIn('user');
    let current = legacySettings();
    const api = fakeApi({ [SETTINGS]: () => ({ body: { data: current } }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderSlot();
      await settled(api, 1);
      expect(screen.queryByRole('region', BANNER)).not.toBeInTheDocument();
      current = legacySettings({ state: 'waiting', open_report: openReport() });
      await vi.advanceTimersByTimeAsync(LEGACY_POLL_MS);
      expect(await screen.findByRole('region', BANNER)).toBeInTheDocument();
      expect(api.calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
