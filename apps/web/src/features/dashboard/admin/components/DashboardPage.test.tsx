import { dashboardRoutes, policyRoutes, routeUrl, type ApiRoute } from '@pw/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardCounts, DashboardSubscriptionData, DashboardUserChartData } from '@pw/contracts';
import { session } from '@/lib/session';
import { localDateIso } from '@/lib/dates';
import { routeKey, fakeApi, type FakeApi, type RecordedCall } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { DashboardPage } from './DashboardPage';

// Recharts measures its box with ResizeObserver, which jsdom lacks: a fixed 600 × 300 box.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback(
        [{ target, contentRect: { width: 600, height: 300 } } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  };
});

const admin = (first_name: string) =>
  session.signIn(
    { id: 1, type: 'admin', email: 'admin@example.test', first_name, last_name: '', photo_path: null },
    't',
  );

const COUNTS: DashboardCounts = {
  users: 12345,
  funeral_homes: 67,
  active_subscriptions: { membership: 40, 'ad-free': 9, 'funeral-home': 21, 'banner-ad': 3 },
  live_ads: 2,
  pending_ad_requests: 5,
  open_queries: 8,
  deliveries_scheduled: 31,
  deliveries_delivered: 270,
  damaged_media: 4,
};

const zero = { membership: 0, 'ad-free': 0, 'funeral-home': 0, 'banner-ad': 0, 'one-time': 0 };
const zeroMoney = {
  membership: '0.00',
  'ad-free': '0.00',
  'funeral-home': '0.00',
  'banner-ad': '0.00',
  'one-time': '0.00',
};

/** Answers the range asked for, one point per day or month, with figures derived from the period. */
function chartsServer(options: { counts?: number; charts?: number; empty?: boolean } = {}) {
  const range = (call: RecordedCall) => ({
    from_date: call.url.searchParams.get('from_date')!,
    to_date: call.url.searchParams.get('to_date')!,
    group_by: call.url.searchParams.get('group_by') as 'day' | 'month',
    tz: call.url.searchParams.get('tz')!,
  });
  const periods = (r: ReturnType<typeof range>) => {
    const out: string[] = [];
    for (let d = new Date(`${r.from_date}T00:00:00Z`); d.toISOString().slice(0, 10) <= r.to_date;) {
      out.push(d.toISOString().slice(0, 10));
      if (r.group_by === 'month') d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
      else d = new Date(d.getTime() + 86_400_000);
    }
    return out;
  };
  const failing = (status: number | undefined, body: () => unknown) => () =>
    status ? { status, body: { message: 'Server Error' } } : { body: body() };
  return fakeApi({
    [routeKey(dashboardRoutes.counts)]: failing(options.counts, () => ({ data: COUNTS })),
    [routeKey(policyRoutes.acknowledgements)]: () => ({
      body: {
        data: {
          version: '3',
          date: '2026-11-20',
          announced: true,
          asked: 1200,
          acknowledged: 345,
          told: 800,
          announcement_finished: false,
        },
      },
    }),
    [routeKey(dashboardRoutes.subscription)]: (call) =>
      failing(options.charts, () => {
        const r = range(call);
        const series = periods(r).map((period, i) => ({
          period,
          purchases: options.empty ? zero : { ...zero, membership: i + 1 },
          revenue: options.empty ? zeroMoney : { ...zeroMoney, membership: `${(i + 1) * 10}.00` },
        }));
        const total = series.length;
        const data: DashboardSubscriptionData = {
          ...r,
          series,
          totals: options.empty
            ? { purchases: zero, revenue: zeroMoney }
            : {
                purchases: { ...zero, membership: (total * (total + 1)) / 2 },
                revenue: { ...zeroMoney, membership: `${(10 * total * (total + 1)) / 2}.00` },
              },
        };
        return { data };
      })(),
    [routeKey(dashboardRoutes.userChart)]: (call) =>
      failing(options.charts, () => {
        const r = range(call);
        const series = periods(r).map((period) => ({
          period,
          users: options.empty ? 0 : 2,
          funeral_homes: 0,
        }));
        const data: DashboardUserChartData = {
          ...r,
          series,
          totals: { users: options.empty ? 0 : 2 * series.length, funeral_homes: 0 },
        };
        return { data };
      })(),
  });
}

const lastCall = (api: FakeApi, route: ApiRoute) =>
  api.calls.filter((call) => call.url.pathname === routeUrl(route)).at(-1)?.url.searchParams;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Drawing the charts in jsdom is slow on the shared two cores: the tests that redraw get more time. */
const REDRAWS = 60_000;

describe('admin dashboard', () => {
  it('greets the admin by first name, or neutrally without one', async () => {
    chartsServer();
    admin('Morgan');
    const { unmount } = renderWithApp(<DashboardPage />);
    expect(screen.getByText(/^Welcome back, Morgan\. Use the menu/)).toBeInTheDocument();
    unmount();
    admin('');
    renderWithApp(<DashboardPage />);
    expect(screen.getByText(/^Welcome back\. Use the menu/)).toBeInTheDocument();
  });

  it('shows each count as a card linking to its list', async () => {
    chartsServer();
    admin('Morgan');
    renderWithApp(<DashboardPage />);
    const users = await screen.findByRole('link', { name: /^Users\s*12,345$/ });
    expect(users).toHaveAttribute('href', '/admin/user-management');
    const cards: Array<[RegExp, string]> = [
      [/^Funeral Homes\s*67$/, '/admin/funeral-homes-management'],
      [/^Active Memberships\s*40$/, '/admin/time-subscription-management'],
      [/^Active Ad-Free Plans\s*9$/, '/admin/adfree-subscription-management'],
      [/^Active Funeral Home Plans\s*21$/, '/admin/funeralhomes-subscription-management'],
      [/^Active Banner Plans\s*3$/, '/admin/bannerads-subscription-management'],
      [/^Live Ads\s*2$/, '/admin/bannerads-subscription-management'],
      [/^Pending Ad Requests\s*5$/, '/admin/bannerads-subscription-management'],
      [/^Open Queries\s*8\s*Received in the last 30 days$/, '/admin/queries-management'],
    ];
    for (const [name, href] of cards)
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    // Deliveries have no admin list: plain cards.
    expect(screen.getByText('Deliveries Scheduled').closest('a')).toBeNull();
    expect(screen.getByText('270')).toBeInTheDocument();
    // Damaged files: restored by an operator, not on a screen.
    expect(screen.getByText('Damaged Files').closest('a')).toBeNull();
    expect(screen.getByText('Damaged Files').parentElement).toHaveTextContent(
      /^Damaged Files\s*4\s*Found missing or altered in storage$/,
    );
  });

  it(
    'asks for the last 30 days by day, and asks again when the range or grouping changes',
    async () => {
      const api = chartsServer();
      admin('Morgan');
      const user = userEvent.setup();
      renderWithApp(<DashboardPage />, { route: '/admin/dashboard' });
      const today = localDateIso();
      await waitFor(() => expect(lastCall(api, dashboardRoutes.subscription)).toBeDefined());
      for (const route of [dashboardRoutes.subscription, dashboardRoutes.userChart]) {
        const query = lastCall(api, route)!;
        expect(query.get('from_date')).toBe(addDays(today, -29));
        expect(query.get('to_date')).toBe(today);
        expect(query.get('group_by')).toBe('day');
        expect(query.get('tz')).toBeTruthy();
      }
      const revenueTable = await screen.findByRole('table', {
        name: 'Revenue and purchases by plan, per day',
      });
      expect(within(revenueTable).getAllByRole('row')).toHaveLength(31);
      expect(screen.getByText(/^\$4,650\.00 from 465 purchases/)).toBeInTheDocument();
      expect(screen.getByText(/^60 users and 0 funeral homes signed up/)).toBeInTheDocument();

      await user.selectOptions(screen.getByLabelText('Range'), 'Last 12 months');
      await screen.findByRole('table', { name: 'Revenue and purchases by plan, per month' });
      const [year, month] = today.split('-').map(Number) as [number, number];
      const firstMonth = new Date(Date.UTC(year, month - 12, 1)).toISOString().slice(0, 10);
      expect(lastCall(api, dashboardRoutes.subscription)!.get('from_date')).toBe(firstMonth);
      expect(lastCall(api, dashboardRoutes.subscription)!.get('group_by')).toBe('month');
      expect(lastCall(api, dashboardRoutes.userChart)!.get('group_by')).toBe('month');
      const signups = screen.getByRole('table', { name: 'Sign-ups per month' });
      expect(within(signups).getAllByRole('row')).toHaveLength(13);

      await user.selectOptions(screen.getByLabelText('Group by'), 'Week');
      await waitFor(() => expect(lastCall(api, dashboardRoutes.userChart)!.get('group_by')).toBe('week'));
      expect(lastCall(api, dashboardRoutes.userChart)!.get('from_date')).toBe(firstMonth);
    },
    REDRAWS,
  );

  it(
    'takes a custom From–To range, and refuses one too long for its grouping without asking',
    async () => {
      const api = chartsServer();
      admin('Morgan');
      const user = userEvent.setup();
      renderWithApp(<DashboardPage />, {
        route: '/admin/dashboard?range=custom&from_date=2026-01-01&to_date=2026-01-10',
      });
      await screen.findByRole('table', { name: 'Sign-ups per day' });
      expect(lastCall(api, dashboardRoutes.userChart)!.get('from_date')).toBe('2026-01-01');
      expect(lastCall(api, dashboardRoutes.userChart)!.get('to_date')).toBe('2026-01-10');

      const calls = api.calls.length;
      const from = screen.getByLabelText('From');
      fireEvent.change(from, { target: { value: '2020-01-01' } });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Grouped by day, the range may span at most 366 days.',
      );
      expect(from).toHaveAttribute('aria-invalid', 'true');
      expect(
        api.calls.slice(calls).filter((call) => call.url.searchParams.get('from_date') === '2020-01-01'),
      ).toEqual([]);

      await user.selectOptions(screen.getByLabelText('Group by'), 'Month');
      await waitFor(() =>
        expect(lastCall(api, dashboardRoutes.subscription)!.get('from_date')).toBe('2020-01-01'),
      );
      expect(screen.queryByText(/may span at most/)).toBeNull();
    },
    REDRAWS,
  );

  it('shows how many of the accounts asked acknowledged the policy version in force', async () => {
    chartsServer();
    admin('Morgan');
    renderWithApp(<DashboardPage />);
    const card = await screen.findByTestId('policy-card');
    expect(card).toHaveTextContent('Privacy Policy and Terms: version 3 (20 November 2026)');
    expect(card).toHaveTextContent('345 of 1,200 acknowledged');
    expect(card).toHaveTextContent('Being announced: 800 accounts told so far');
  });

  it("reads 'Unable to fetch data' when a call fails, never an empty chart", async () => {
    chartsServer({ counts: 500, charts: 500 });
    admin('Morgan');
    renderWithApp(<DashboardPage />);
    await waitFor(() => expect(screen.getAllByText('Unable to fetch data')).toHaveLength(3));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(3);
  });

  it("reads 'No data found :(' for a range without a sale or a sign-up", async () => {
    chartsServer({ empty: true });
    admin('Morgan');
    renderWithApp(<DashboardPage />);
    await waitFor(() => expect(screen.getAllByText('No data found :(')).toHaveLength(2));
  });
});
