import { planRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp, renderWithSearch } from '@/test/render';
import { PLAN_AREAS } from '../model/plan-areas';
import { PlanListPage } from './PlanListPage';
import { membershipListServer, pagedPlans, planFixture } from './test-plans';
import { columnHeaders } from '@/test/table';
import { expectLinkTo } from '@/test/links';

const renderList = (route = '/admin/time-subscription-management/plans') =>
  renderWithSearch(<PlanListPage area={PLAN_AREAS.membership} />, route);
const where = () => screen.getByTestId('where').textContent;

describe('PlanListPage', () => {
  it('shows the spec columns, the price with $, View to the details and New Plan', async () => {
    membershipListServer([planFixture(3, { title: 'Gold', price: '12.50' })]);
    renderList();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual([
      'Subscription Title',
      'Price',
      'Last Modified On',
      'Status',
      'Action',
    ]);
    expect(within(table).getByText('$12.50')).toBeInTheDocument();
    expectLinkTo('View Gold', '/admin/time-subscription-management/plans/details/3');
    expectLinkTo('New Plan', '/admin/time-subscription-management/plans/new');
  });

  it('keeps search, status, Modified Date and per-page in the URL and sends them', async () => {
    const api = membershipListServer(Array.from({ length: 12 }, (_, i) => planFixture(i + 1)));
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(where()).toBe('?status=0'));
    await user.type(screen.getByLabelText('Modified Date From'), '2026-11-01');
    await waitFor(() => expect(where()).toContain('from_date=2026-11-01'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where()).toBe(''));
    await user.type(screen.getByRole('searchbox'), 'Gold');
    await waitFor(() => expect(where()).toBe('?search=Gold'));
    await waitFor(() => {
      const sent = api.calls.at(-1)!.url.searchParams;
      expect(sent.get('search')).toBe('Gold');
      expect(sent.get('per_page')).toBe('10');
    });
  });

  it('reads its filters from the URL (a shared link shows the same list)', async () => {
    const api = membershipListServer([planFixture(1)]);
    renderList('/admin/time-subscription-management/plans?status=1&page=2&per_page=25');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    const sent = api.calls[0]!.url.searchParams;
    expect([sent.get('status'), sent.get('page'), sent.get('per_page')]).toEqual(['1', '2', '25']);
  });

  it('says "No data found :(" when empty and "Unable to fetch data" when the call fails', async () => {
    membershipListServer([]);
    const first = renderList();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    first.unmount();
    fakeApi({ [routeKey(planRoutes.membershipList)]: () => ({ status: 500, body: { message: 'x' } }) });
    renderList();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });

  it('calls the list of its own kind (banner plans)', async () => {
    const api = fakeApi({ [routeKey(planRoutes.bannerAdList)]: (call) => pagedPlans(call, []) });
    renderWithApp(<PlanListPage area={PLAN_AREAS['banner-ad']} />);
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    expect(api.calls[0]!.url.pathname).toBe(routeUrl(planRoutes.bannerAdList));
  });
});
