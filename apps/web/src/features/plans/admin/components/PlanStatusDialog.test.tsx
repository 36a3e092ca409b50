import { planRoutes } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPlan } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { PLAN_AREAS } from '../model/plan-areas';
import { PlanListPage } from './PlanListPage';
import { pagedPlans, planFixture } from './test-plans';

/** A server whose plans change status when asked, like the real one. */
function toggleServer(rows: AdminPlan[], fail = false) {
  return fakeApi({
    [routeKey(planRoutes.adFreeList)]: (call) => pagedPlans(call, rows),
    [routeKey(planRoutes.adFreeStatus, { id: 2 })]: (call) => {
      if (fail) return { status: 500, body: { message: 'Broken' } };
      const status = JSON.parse(String(call.body)).status as 0 | 1;
      rows[0] = { ...rows[0]!, status, status_detail: status === 1 ? 'Active' : 'Inactive' };
      return { body: { message: 'ok', data: rows[0] } };
    },
  });
}

const renderList = () => renderWithApp(<PlanListPage area={PLAN_AREAS['ad-free']} />);

describe('the plan status dialogs', () => {
  it('asks before deactivating, sends status 0, confirms it and refreshes the list', async () => {
    const api = toggleServer([planFixture(2, { title: 'Ad-Free Monthly' })]);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('switch', { name: 'Ad-Free Monthly: Active' }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByRole('heading')).toHaveTextContent('Deactivate Subscription Plan');
    // The question names the plan and is asked as a question.
    expect(within(ask).getByText(/^Are you sure/)).toHaveTextContent(
      /^Are you sure you want to deactivate this subscription plan, “Ad-Free Monthly”\?$/,
    );
    await user.click(within(ask).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toHaveTextContent('Subscription Plan Deactivated'),
    );
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Subscription Plan has been Deactivated Successfully',
    );
    expect(JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body))).toEqual({ status: 0 });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('switch', { name: 'Ad-Free Monthly: Inactive' })).not.toBeChecked();
  });

  it('asks before activating an inactive plan and says it is activated', async () => {
    toggleServer([planFixture(2, { title: 'Old', status: 0, status_detail: 'Inactive' })]);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('switch', { name: 'Old: Inactive' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Are you sure you want to activate this subscription plan, “Old”?',
    );
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toHaveTextContent(
        'Subscription Plan has been Activated Successfully',
      ),
    );
  });

  it('changes nothing when the admin says No', async () => {
    const api = toggleServer([planFixture(2, { title: 'Keep' })]);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('switch', { name: 'Keep: Active' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('switch', { name: 'Keep: Active' })).toBeChecked();
  });

  it('only logs a failed toggle: no success dialog, the plan stays as it was', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    toggleServer([planFixture(2, { title: 'Stuck' })], true);
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('switch', { name: 'Stuck: Active' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(log).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByText('Subscription Plan Deactivated')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Stuck: Active' })).toBeChecked();
    log.mockRestore();
  });
});
