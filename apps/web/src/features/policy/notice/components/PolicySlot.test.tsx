import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POLICY_MESSAGES, policyRoutes, type AccountType, type PolicyNotice } from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi } from '@/test/fake-api';
import { session } from '@/lib/session';
import { PolicySlot } from './PolicySlot';

const signIn = (type: AccountType) =>
  session.signIn(
    { id: 5, type, email: 'pat@example.com', first_name: 'Pat', last_name: 'Reader', photo_path: null },
    'token-5',
  );

const notice = (must: boolean): PolicyNotice => ({
  version: '2',
  date: '2026-11-20',
  must_acknowledge: must,
  acknowledged_at: must ? null : '2026-11-26T10:00:00.000Z',
});

const HEADING = { name: POLICY_MESSAGES.updatedTitle };

describe('the notice of a new policy version in the signed-in areas', () => {
  it('shows the version to acknowledge and goes once acknowledged, sending the version it showed', async () => {
    signIn('funeral-home');
    let current = notice(true);
    const api = fakeApi({
      [routeKey(policyRoutes.notice)]: () => ({ body: { data: current } }),
      [routeKey(policyRoutes.acknowledge)]: () => {
        current = notice(false);
        return { body: { message: POLICY_MESSAGES.acknowledged, data: current } };
      },
    });
    const user = userEvent.setup();
    renderWithApp(<PolicySlot />);
    expect(await screen.findByRole('heading', HEADING)).toBeInTheDocument();
    expect(screen.getByText(/Version 2, in effect from 20 November 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/policy');
    expect(screen.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');

    await user.click(screen.getByRole('button', { name: 'I have read them' }));
    await waitFor(() => expect(screen.queryByRole('heading', HEADING)).not.toBeInTheDocument());
    const sent = api.calls.find((call) => call.method === 'POST');
    expect(JSON.parse(sent!.body as string)).toEqual({ version: '2' });
  });

  it('shows nothing once acknowledged, and never asks for an administrator', async () => {
    signIn('user');
    const api = fakeApi({ [routeKey(policyRoutes.notice)]: () => ({ body: { data: notice(false) } }) });
    const { unmount } = renderWithApp(<PolicySlot />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('heading', HEADING)).not.toBeInTheDocument();
    unmount();

    signIn('admin');
    const adminApi = fakeApi({});
    renderWithApp(<PolicySlot />);
    expect(screen.queryByRole('heading', HEADING)).not.toBeInTheDocument();
    expect(adminApi.calls).toHaveLength(0);
  });

  it('can be closed for this page view: it stays unacknowledged', async () => {
    signIn('user');
    const api = fakeApi({ [routeKey(policyRoutes.notice)]: () => ({ body: { data: notice(true) } }) });
    const user = userEvent.setup();
    renderWithApp(<PolicySlot />);
    await screen.findByRole('heading', HEADING);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', HEADING)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
