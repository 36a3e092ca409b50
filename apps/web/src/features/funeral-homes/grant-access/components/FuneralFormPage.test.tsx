import { routeKey } from '@/test/fake-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FUNERAL_FORM_SENT, INVALID_OPTION, funeralHomeRoutes, routeUrl } from '@pw/contracts';
import { useLocation } from 'react-router';
import { session } from '@/lib/session';
import type { fakeApi, Handler, RecordedCall } from '@/test/fake-api';
import { FuneralFormPage, UNLISTED_HOME } from './FuneralFormPage';
import { openPage } from './test-fixtures';

/** Each home offers its own types and locations (docs/product.md §8.3), read with `?home_id=`. */
const OFFER: Record<
  string,
  { services: { id: number; name: string }[]; locations: { id: number; name: string }[] }
> = {
  '31': {
    services: [
      { id: 1, name: 'Funeral service' },
      { id: 2, name: 'Memorial service' },
    ],
    locations: [{ id: 5, name: 'Chapel' }],
  },
  '32': { services: [{ id: 7, name: 'Sea burial' }], locations: [{ id: 8, name: 'Harbour' }] },
};

const CREATE = (home: number) => routeKey(funeralHomeRoutes.create, { id: home });
const created = () => ({
  status: 201,
  body: { message: FUNERAL_FORM_SENT, data: { id: 500 } },
});

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

const openForm = (state?: unknown, handlers: Record<string, Handler> = {}, search = '') =>
  openPage(
    '/user/access-code/form/request',
    <>
      <FuneralFormPage />
      <Address />
    </>,
    state,
    {
      [routeKey(funeralHomeRoutes.services)]: (call) => ({
        body: { data: OFFER[call.url.searchParams.get('home_id')!]!.services },
      }),
      [routeKey(funeralHomeRoutes.locations)]: (call) => ({
        body: { data: OFFER[call.url.searchParams.get('home_id')!]!.locations },
      }),
      [CREATE(31)]: created,
      [CREATE(32)]: created,
      ...handlers,
    },
    search,
  );
const where = () => (JSON.parse(screen.getByTestId('where').textContent!) as { path: string }).path;

const posts = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');
const bodyOf = (call: RecordedCall) => JSON.parse(call.body as string) as Record<string, unknown>;
const send = () => screen.getByRole('button', { name: 'Send' });
/** The options a select offers once its home's offer has arrived. */
async function optionsOf(label: RegExp) {
  const select = screen.getByLabelText(label);
  await waitFor(() => expect(select).toBeEnabled());
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

beforeEach(() => {
  session.signIn(
    {
      id: 4,
      type: 'user',
      email: 'ruth@example.com',
      first_name: 'Ruth',
      last_name: 'Tester',
      photo_path: null,
    },
    'token',
  );
});
afterEach(() => session.clear());

describe('Funeral Home Form (/user/access-code/form/request)', () => {
  it('opened on its own, asks for the home and keeps the choice in the address', async () => {
    openForm();
    const user = userEvent.setup();
    const home = await screen.findByRole('combobox', { name: /Funeral Home/ });
    expect(home).toHaveValue('');
    expect(within(home).getAllByRole('option')[0]).toHaveTextContent('Choose a funeral home');
    await user.selectOptions(home, '32');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('?home=32'));
    expect(await optionsOf(/Type of Services/)).toEqual(['Select', 'Sea burial']);
  });

  it('opened again with the home in its address (a reload, Back), remembers it', async () => {
    openForm(undefined, {}, '?home=31');
    const home = await screen.findByRole('combobox', { name: /Funeral Home/ });
    expect(home).toHaveValue('31');
    expect(await optionsOf(/Type of Services/)).toEqual(['Select', 'Funeral service', 'Memorial service']);
    expect(screen.queryByText(UNLISTED_HOME)).toBeNull();
  });

  it('says so and asks for a home when the home it was sent to is not listed', async () => {
    openForm({ homeId: 99 });
    const home = await screen.findByRole('combobox', { name: /Funeral Home/ });
    expect(home).toHaveValue('');
    expect(screen.getByText(UNLISTED_HOME)).toBeInTheDocument();
  });

  it('pre-fills name and e-mail read-only and marks the required fields', async () => {
    openForm();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ruth Tester');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('ruth@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    for (const label of [
      /Funeral Home/,
      /Type of Services/,
      /Location of Services/,
      /Officiant\/Speaker Preferences/,
    ]) {
      expect(screen.getByLabelText(label), String(label)).toHaveAttribute('aria-required', 'true');
    }
    for (const label of ['Music', 'Additional Requests', 'Specific Rituals', 'Specific Requests']) {
      expect(screen.getByLabelText(label), label).not.toHaveAttribute('aria-required');
    }
  });

  it("sends nothing and says 'Please select a valid option.' for each empty choice", async () => {
    const api = openForm();
    const user = userEvent.setup();
    await screen.findByLabelText(/Funeral Home/);
    await user.click(send());
    expect(await screen.findAllByText(INVALID_OPTION)).toHaveLength(3);
    expect(screen.getByText('The speaker field is required.')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);
  });

  it("offers the chosen home's own types and locations, resets them when the home changes, and sends the form", async () => {
    const api = openForm();
    const user = userEvent.setup();
    const home = await screen.findByLabelText(/Funeral Home/);
    expect(screen.getByLabelText(/Type of Services/)).toBeDisabled(); // no home yet
    await user.selectOptions(home, '32');
    expect(await optionsOf(/Type of Services/)).toEqual(['Select', 'Sea burial']);
    await user.selectOptions(screen.getByLabelText(/Type of Services/), '7');
    await user.selectOptions(home, '31');
    expect(await optionsOf(/Type of Services/)).toEqual(['Select', 'Funeral service', 'Memorial service']);
    expect(screen.getByLabelText(/Type of Services/)).toHaveValue(''); // Sea burial is not Willow's
    await user.selectOptions(screen.getByLabelText(/Type of Services/), '2');
    expect(await optionsOf(/Location of Services/)).toEqual(['Select', 'Chapel']);
    await user.selectOptions(screen.getByLabelText(/Location of Services/), '5');
    await user.type(screen.getByLabelText(/Officiant\/Speaker Preferences/), '  Reverend Ames ');
    await user.type(screen.getByLabelText('Music'), 'Abide with me');
    await user.click(send());
    const dialog = await screen.findByRole('dialog', { name: 'Form sent' });
    expect(within(dialog).getByText(FUNERAL_FORM_SENT)).toBeInTheDocument();
    expect(posts(api).map((call) => call.path)).toEqual([routeUrl(funeralHomeRoutes.create, { id: 31 })]);
    expect(bodyOf(posts(api)[0]!)).toEqual({
      user_id: 31,
      service_id: 2,
      location_id: 5,
      speaker: 'Reverend Ames',
      music: 'Abide with me',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(where()).toBe('/user/profile'));
  });

  it('after a grant, goes to the granted home (shown, not a choice)', async () => {
    const api = openForm({ homeId: 32, videoId: 9 });
    const user = userEvent.setup();
    expect(await screen.findByText('Cedar Chapel')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Access granted.');
    expect(screen.queryByRole('combobox', { name: /Funeral Home/ })).not.toBeInTheDocument();
    expect(await optionsOf(/Type of Services/)).toEqual(['Select', 'Sea burial']);
    expect(await optionsOf(/Location of Services/)).toEqual(['Select', 'Harbour']);
    await user.selectOptions(screen.getByLabelText(/Type of Services/), '7');
    await user.selectOptions(screen.getByLabelText(/Location of Services/), '8');
    await user.type(screen.getByLabelText(/Officiant\/Speaker Preferences/), 'Our daughter');
    await user.click(send());
    await screen.findByRole('dialog', { name: 'Form sent' });
    expect(posts(api)[0]!.path).toBe(routeUrl(funeralHomeRoutes.create, { id: 32 }));
    expect(bodyOf(posts(api)[0]!)).toMatchObject({ user_id: 32, service_id: 7, location_id: 8 });
  });

  it("shows the server's field errors and message, and stays on the page", async () => {
    openForm(undefined, {
      [CREATE(31)]: () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { location_id: [INVALID_OPTION] } },
      }),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/Funeral Home/), '31');
    await waitFor(() => expect(screen.getByLabelText(/Location of Services/)).toBeEnabled());
    await user.selectOptions(screen.getByLabelText(/Type of Services/), '1');
    await user.selectOptions(screen.getByLabelText(/Location of Services/), '5');
    await user.type(screen.getByLabelText(/Officiant\/Speaker Preferences/), 'Reverend Ames');
    await user.click(send());
    expect(await screen.findByText('The given data was invalid.')).toBeInTheDocument();
    expect(screen.getByText(INVALID_OPTION)).toBeInTheDocument();
    expect(screen.getByLabelText(/Location of Services/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says no homes are listed, with no form, when the directory is empty', async () => {
    openForm(undefined, { [routeKey(funeralHomeRoutes.homes)]: () => ({ body: { data: [] } }) });
    expect(await screen.findByText('No funeral homes are listed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my profile' })).toHaveAttribute('href', '/user/profile');
  });

  it("shows 'Unable to fetch data' when the directory or a home's offer cannot be read", async () => {
    openForm(undefined, {
      [routeKey(funeralHomeRoutes.services)]: () => ({ status: 500, body: {} }),
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/Funeral Home/), '31');
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.getByLabelText(/Type of Services/)).toBeDisabled();
  });

  it('shows the directory failure with a retry', async () => {
    openForm(undefined, {
      [routeKey(funeralHomeRoutes.homes)]: () => ({ status: 503, body: {} }),
    });
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
