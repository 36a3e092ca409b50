import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ACCESS_REVOKED,
  ACCOUNT_DELETED_PERSON,
  GRANT_ALREADY_PUBLISHED,
  type AccessGrant,
  funeralHomeRoutes,
} from '@pw/contracts';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { AccessGrantsPanel } from './AccessGrantsPanel';

const LIST = routeKey(funeralHomeRoutes.grants, { id: 5 });
const REVOKE_HOME = routeKey(funeralHomeRoutes.revokeGrant, { id: 5, grant_id: 'home-12' });

const HOME: AccessGrant = {
  id: 'home-12',
  kind: 'funeral-home',
  name: 'Evergreen Chapel',
  email: 'evergreen@homes.test',
  granted_by: 'Olive Owner',
  granted_at: '2026-11-20T10:00:00.000Z',
  published_at: null,
  revoked_at: null,
  revocable: true,
};
const PERSON: AccessGrant = {
  id: 'person-3',
  kind: 'person',
  name: null,
  email: 'kim@kin.test',
  granted_by: 'Olive Owner',
  granted_at: '2026-11-21T10:00:00.000Z',
  published_at: '2026-11-22T10:00:00.000Z',
  revoked_at: null,
  revocable: false,
};

function openPanel(handlers: Record<string, Handler>) {
  const api = fakeApi(handlers);
  renderWithApp(<AccessGrantsPanel videoId={5} />);
  return api;
}

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');

describe("'Who has access' on the owner's video page", () => {
  it('lists homes and people with their dates; only what is not published can be revoked', async () => {
    openPanel({ [LIST]: () => ({ body: { data: [PERSON, HOME] } }) });
    expect(await screen.findByText('Evergreen Chapel')).toBeInTheDocument();
    expect(screen.getByText('evergreen@homes.test')).toBeInTheDocument();
    expect(screen.getByText('kim@kin.test')).toBeInTheDocument();
    expect(screen.getAllByText(/Granted on .*2026.* by Olive Owner/)).toHaveLength(2);
    expect(screen.getByText(/Published on .*2026/)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: /Revoke/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Revoke access of Evergreen Chapel');
  });

  it('keeps a grant whose granter deleted their account, granted by the placeholder', async () => {
    const kept = { ...HOME, granted_by: ACCOUNT_DELETED_PERSON, published_at: '2026-11-22T10:00:00.000Z' };
    openPanel({ [LIST]: () => ({ body: { data: [{ ...kept, revocable: false }] } }) });
    expect(
      await screen.findByText(/Granted on .*2026.* by a family member \(account deleted\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('Evergreen Chapel')).toBeInTheDocument();
  });

  it('revokes after a confirmation (keyboard), then shows the list as the server has it', async () => {
    let revoked = false;
    const api = openPanel({
      [LIST]: () => ({
        body: {
          data: [revoked ? { ...HOME, revoked_at: '2026-11-23T10:00:00.000Z', revocable: false } : HOME],
        },
      }),
      [REVOKE_HOME]: () => {
        revoked = true;
        return { body: { message: ACCESS_REVOKED, data: HOME } };
      },
    });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /Revoke/ });
    button.focus();
    await user.keyboard('{Enter}');
    const ask = await screen.findByRole('dialog', { name: 'Revoke access?' });
    expect(within(ask).getByText(/will no longer be able to watch or publish/)).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('dialog', { name: ACCESS_REVOKED })).toBeInTheDocument();
    expect(posts(api)).toHaveLength(1);
    expect(await screen.findByText(/Revoked on/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /Revoke access of/ })).toBeNull());
  });

  it('revokes nothing when the confirmation is declined', async () => {
    const api = openPanel({ [LIST]: () => ({ body: { data: [HOME] } }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Revoke/ }));
    const ask = await screen.findByRole('dialog', { name: 'Revoke access?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(api)).toHaveLength(0);
  });

  it("shows the server's refusal (published meanwhile)", async () => {
    openPanel({
      [LIST]: () => ({ body: { data: [HOME] } }),
      [REVOKE_HOME]: () => ({ status: 422, body: { message: GRANT_ALREADY_PUBLISHED } }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Revoke/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    const failed = await screen.findByRole('dialog', { name: 'Unsuccessful' });
    expect(within(failed).getByText(GRANT_ALREADY_PUBLISHED)).toBeInTheDocument();
  });

  it('loading, empty and error states', async () => {
    let fail = true;
    openPanel({
      [LIST]: () => (fail ? { status: 500, body: { message: 'boom' } } : { body: { data: [] } }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading who has access…');
    const user = userEvent.setup();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('Nobody else has access to this video.')).toBeInTheDocument();
  });
});
