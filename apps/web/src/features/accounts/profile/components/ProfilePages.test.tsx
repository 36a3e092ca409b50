import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAP_LINK_MESSAGE, type Account, accountRoutes, accountDataRoutes } from '@pw/contracts';
import { renderAtRoute, renderWithApp } from '@/test/render';
import { routeKey, fakeApi } from '@/test/fake-api';
import { UserEditProfilePage } from './EditProfilePage';
import { ProfileDetailsPage } from './ProfilePages';

const account = (extra: Partial<Account> = {}): Account => ({
  id: 3,
  type: 'user',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  home_name: null,
  dialing_code: null,
  phone: '5550100',
  address: '1 Analytical Way',
  map_link: 'https://maps.example.test/ada',
  photo_path: null,
  date_of_birth: '1980-12-10',
  status: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  active_plan: null,
  ...extra,
});

/** The details page also asks for the latest data export (docs/product.md §11.5): none. */
const noExport = () => ({ body: { data: null } });

describe('profile map link', () => {
  it('opens only a web address; a javascript: link stored earlier shows as text, never as a link', async () => {
    const attack = 'javascript:alert(document.cookie)';
    fakeApi({
      [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: account({ map_link: attack }) } }),
      [routeKey(accountDataRoutes.user.latestExport)]: noExport,
    });
    renderWithApp(<ProfileDetailsPage role="user" />);
    expect(await screen.findByText(attack)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open map/ })).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('links a stored https address as Open map', async () => {
    fakeApi({
      [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: account() } }),
      [routeKey(accountDataRoutes.user.latestExport)]: noExport,
    });
    renderWithApp(<ProfileDetailsPage role="user" />);
    const link = await screen.findByRole('link', { name: /Open map/ });
    expect(link).toHaveAttribute('href', 'https://maps.example.test/ada');
  });

  it('keeps the map link required, says the http(s) rule in its hint and shows the rule when broken', async () => {
    const server = fakeApi({
      [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: account() } }),
      [routeKey(accountRoutes.userProfileUpdate)]: (call) => {
        const sent = call.body as FormData;
        return String(sent.get('map_link')).startsWith('http')
          ? { body: { message: 'Your profile has been updated.', data: account() } }
          : { status: 422, body: { message: MAP_LINK_MESSAGE, errors: { map_link: [MAP_LINK_MESSAGE] } } };
      },
    });
    const user = userEvent.setup();
    renderAtRoute('/user/profile/edit', <UserEditProfilePage />, '/user/profile/edit');
    const field = await screen.findByLabelText(/Map Link/);
    expect(field).toHaveAccessibleDescription(
      'The web address of your location on a map, starting with https:// or http://.',
    );
    await user.clear(field);
    await user.type(field, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText(MAP_LINK_MESSAGE)).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(MAP_LINK_MESSAGE));
    expect((server.calls.at(-1)!.body as FormData).get('map_link')).toBe('not a url');
  });

  it("offers 'Use a map link for my address', which fills Map Link from the address and is sent", async () => {
    const server = fakeApi({
      [routeKey(accountRoutes.userProfile)]: () => ({ body: { data: account({ map_link: null }) } }),
      [routeKey(accountRoutes.userProfileUpdate)]: () => ({
        body: { message: 'Your profile has been updated.', data: account() },
      }),
    });
    const user = userEvent.setup();
    renderAtRoute('/user/profile/edit', <UserEditProfilePage />, '/user/profile/edit');
    const address = await screen.findByLabelText(/Address/);
    await user.clear(address);
    expect(screen.getByRole('button', { name: 'Use a map link for my address' })).toBeDisabled();
    await user.type(address, '12 Elm St, Springfield & Co');
    await user.click(screen.getByRole('button', { name: 'Use a map link for my address' }));
    const link = 'https://www.google.com/maps/search/?api=1&query=12%20Elm%20St%2C%20Springfield%20%26%20Co';
    expect(screen.getByLabelText(/Map Link/)).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Your profile has been updated.');
    const sent = server.calls.find((call) => call.method === 'POST');
    expect((sent!.body as FormData).get('map_link')).toBe(link);
  });
});
