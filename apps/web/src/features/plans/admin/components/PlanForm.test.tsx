import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminPlanRoutesByKind, negativeMoneyMessage, type PlanKind, planRoutes } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { PLAN_AREAS } from '../model/plan-areas';
import { EditPlanPage, NewPlanPage } from './PlanFormPage';
import { planFixture } from './test-plans';

const created = (call: { body: unknown }) => ({
  status: 201,
  body: {
    message: 'Subscription Plan Created Successfully.',
    data: planFixture(9, JSON.parse(String(call.body))),
  },
});

const NEGATIVE_PRICE = negativeMoneyMessage('price');

const renderNew = (kind: PlanKind) => {
  const area = PLAN_AREAS[kind];
  return renderWithApp(
    <Routes>
      <Route path={`${area.base}/plans/new`} element={<NewPlanPage area={area} />} />
      <Route path={`${area.base}/plans`} element={<h1>The plan list</h1>} />
    </Routes>,
    { route: `${area.base}/plans/new` },
  );
};

async function fill(user: ReturnType<typeof userEvent.setup>, price: string) {
  await user.type(screen.getByLabelText(/Title/), 'Gold');
  await user.type(screen.getByLabelText(/Price/), price);
  await user.type(screen.getByLabelText(/Description/), 'Line one{enter}Line two');
}

describe('the plan form', () => {
  it('requires all four fields and sends nothing until they are filled', async () => {
    const api = fakeApi({ [routeKey(planRoutes.membershipCreate)]: created });
    const user = userEvent.setup();
    renderNew('membership');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The title field is required.')).toBeInTheDocument();
    expect(screen.getByText('The price field is required.')).toBeInTheDocument();
    expect(screen.getByText('The description field is required.')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ['refuses a price that is not a number', 'ten', 'The price must be a number.'],
    ['says a negative price cannot be, and what the lowest price is', '-5', NEGATIVE_PRICE],
  ])('%s', async (_, price, message) => {
    const api = fakeApi({ [routeKey(planRoutes.membershipCreate)]: created });
    const user = userEvent.setup();
    renderNew('membership');
    await fill(user, price);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each(['membership', 'ad-free', 'funeral-home', 'banner-ad'] as const)(
    'a saved %s plan ends with the same success dialog, naming what was saved',
    async (kind) => {
      fakeApi({ [routeKey(adminPlanRoutesByKind[kind].create)]: created });
      const user = userEvent.setup();
      renderNew(kind);
      await fill(user, '12.50');
      await user.click(screen.getByRole('button', { name: 'Create' }));
      const dialog = await screen.findByRole('dialog', { name: 'Subscription Plan Created Successfully.' });
      expect(dialog).toHaveTextContent('“Gold” is saved: $12.50, Monthly.');
      // Nothing moves on behind the dialog: the list comes once it is read.
      expect(screen.queryByRole('heading', { name: 'The plan list' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Ok' }));
      expect(await screen.findByRole('heading', { name: 'The plan list' })).toBeInTheDocument();
    },
  );

  it('starts on monthly, sends the plan and goes back to the plan list', async () => {
    const api = fakeApi({ [routeKey(planRoutes.membershipCreate)]: created });
    const user = userEvent.setup();
    renderNew('membership');
    expect(screen.getByLabelText(/Duration/)).toHaveValue('monthly');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Monthly',
      'Yearly',
      'Life-time',
    ]);
    await fill(user, '12.5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'The plan list' })).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]!.body))).toEqual({
      title: 'Gold',
      duration: 'monthly',
      price: '12.5',
      description: 'Line one\nLine two',
    });
  });

  it("offers the banner's Weekly ('1 week') and shows a success dialog before the list", async () => {
    const api = fakeApi({ [routeKey(planRoutes.bannerAdCreate)]: created });
    const user = userEvent.setup();
    renderNew('banner-ad');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Weekly',
      'Monthly',
      'Yearly',
      'Life-time',
    ]);
    await fill(user, '20');
    await user.selectOptions(screen.getByLabelText(/Duration/), 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Subscription Plan Created Successfully.');
    expect(JSON.parse(String(api.calls[0]!.body)).duration).toBe('1 week');
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'The plan list' })).toBeInTheDocument();
  });

  it('shows the server message beneath the form when saving fails', async () => {
    fakeApi({
      [routeKey(planRoutes.membershipCreate)]: () => ({
        status: 500,
        body: { message: 'Server says no.' },
      }),
    });
    const user = userEvent.setup();
    renderNew('membership');
    await fill(user, '5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Server says no.')).toBeInTheDocument();
  });

  it("edits a stored plan with its own values (a banner's weekly shows as Weekly)", async () => {
    const area = PLAN_AREAS['banner-ad'];
    const plan = planFixture(4, { title: 'Week ad', duration: 'weekly', price: '3.00' });
    const api = fakeApi({
      [routeKey(planRoutes.bannerAdDetail, { id: 4 })]: () => ({ body: { data: plan } }),
      [routeKey(planRoutes.bannerAdUpdate, { id: 4 })]: () => ({
        body: { message: 'Subscription Plan Updated Successfully.', data: plan },
      }),
    });
    const user = userEvent.setup();
    renderWithApp(
      <Routes>
        <Route path={`${area.base}/plans/details/:id/edit`} element={<EditPlanPage area={area} />} />
        <Route path={`${area.base}/plans`} element={<h1>The plan list</h1>} />
      </Routes>,
      { route: `${area.base}/plans/details/4/edit` },
    );
    expect(await screen.findByLabelText(/Title/)).toHaveValue('Week ad');
    expect(screen.getByLabelText(/Duration/)).toHaveValue('1 week');
    await user.clear(screen.getByLabelText(/Price/));
    await user.type(screen.getByLabelText(/Price/), '3.50');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(await screen.findByRole('heading', { name: 'The plan list' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = JSON.parse(String(api.calls.find((c) => c.method === 'POST')!.body));
    expect(sent).toMatchObject({ title: 'Week ad', duration: '1 week', price: '3.50' });
  });
});
