import { routeKey } from '@/test/fake-api';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GRANT_EMAIL_FAILED, MAIL_LIMIT_MESSAGE, funeralHomeRoutes } from '@pw/contracts';
import type { fakeApi, Handler } from '@/test/fake-api';
import { GrantAccessPage, HOME_MAY, PERSON_MAY } from './GrantAccessPage';
import { HOMES, HOMES_PATH, openPage } from './test-fixtures';

const GRANT_PATH = routeKey(funeralHomeRoutes.grantAccess, { id: 9 });

const openGrant = (state: unknown = { videoId: 9 }, handlers: Record<string, Handler> = {}) =>
  openPage('/user/access-code/form', <GrantAccessPage />, state, handlers);

const where = () => JSON.parse(screen.getByTestId('where').textContent!) as { path: string; state: unknown };
const grantButton = () => screen.getByRole('button', { name: 'Grant access' });
/** Once the homes are listed: Other, Ann's e-mail address, Grant access. */
async function grantToAnn() {
  const user = userEvent.setup();
  await screen.findByRole('radio', { name: /Willow/ });
  await user.click(screen.getByRole('radio', { name: 'Other' }));
  await user.type(screen.getByLabelText(/Email/), 'ann@example.com');
  await user.click(grantButton());
  return user;
}
const grantCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((call) => call.method === 'POST');

describe('Grant access (/user/access-code/form)', () => {
  it('goes to /user/profile when opened without a video id in navigation state', async () => {
    openGrant(null);
    await waitFor(() => expect(where().path).toBe('/user/profile'));
  });

  it('ignores a video id that is not a positive whole number', async () => {
    openGrant({ videoId: '9; drop' });
    await waitFor(() => expect(where().path).toBe('/user/profile'));
  });

  it('lists the homes with name and address; type 1 with the chosen home\u2019s e-mail, then the form for that home', async () => {
    const api = openGrant(undefined, {
      [GRANT_PATH]: () => ({
        body: { message: 'Access granted.', data: { type: 1, email: 'cedar@homes.test', request_id: 77 } },
      }),
    });
    const user = userEvent.setup();
    const willow = await screen.findByRole('radio', { name: /Willow Funeral Home/ });
    expect(screen.getByText('9 Chapel Road')).toBeInTheDocument();
    expect(document.querySelector('img[src="/media/cedar.jpg"]')).not.toBeNull(); // the home's photo
    expect(willow).not.toBeChecked();
    expect(grantButton()).toBeDisabled(); // no home chosen yet
    await user.click(screen.getByRole('radio', { name: /Cedar Chapel/ }));
    expect(grantButton()).toBeEnabled();
    await user.click(grantButton());
    await waitFor(() => expect(where().path).toBe('/user/access-code/form/request'));
    expect(where().state).toEqual({ homeId: 32, videoId: 9 });
    expect(grantCalls(api)).toHaveLength(1);
    expect(JSON.parse(grantCalls(api)[0]!.body as string)).toEqual({ type: 1, email: 'cedar@homes.test' });
  });

  it('links each home to the listed memorial pages it looks after, outside the radio’s name', async () => {
    openGrant();
    const willow = await screen.findByRole('radio', { name: /Willow Funeral Home/ });
    expect(willow).not.toHaveAccessibleName(/Rose Memorial/);
    const link = screen.getByRole('link', { name: /Rose Memorial/ });
    expect(link).toHaveAttribute('href', '/memorial/AAAAAAAAAAAAAAAAAAAAAA');
    // Cedar Chapel looks after none: one link in all.
    expect(screen.getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(1);
  });

  it('says in plain words what a home may do and when, and what a person may do', async () => {
    openGrant();
    const user = userEvent.setup();
    await screen.findByRole('radio', { name: /Willow/ });
    expect(screen.getByRole('heading', { name: 'What the funeral home may do' })).toBeInTheDocument();
    for (const line of HOME_MAY) expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByText(/publish it only after its author's passing is confirmed/)).toBeInTheDocument();
    expect(screen.getByText(/can revoke this access/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByText(PERSON_MAY)).toBeInTheDocument();
  });

  it('Other: the button stays disabled until the e-mail is valid (spec \u00a75); type 0, then a success dialog', async () => {
    const api = openGrant(undefined, {
      [GRANT_PATH]: () => ({
        body: { message: 'Access granted.', data: { type: 0, email: 'ann@example.com', request_id: null } },
      }),
    });
    const user = userEvent.setup();
    await screen.findByRole('radio', { name: /Willow/ });
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    const email = screen.getByLabelText(/Email/);
    for (const invalid of ['ann', 'ann@', 'ann@example', 'a nn@example.com', 'ann@@example.com']) {
      await user.clear(email);
      await user.type(email, invalid);
      expect(grantButton(), invalid).toBeDisabled();
    }
    await user.clear(email);
    await user.type(email, '  ann@example.com ');
    expect(grantButton()).toBeEnabled();
    await user.keyboard('{Enter}'); // the keyboard sends it too
    const dialog = await screen.findByRole('dialog', { name: 'Access granted' });
    expect(within(dialog).getByText('Access granted.')).toBeInTheDocument();
    expect(JSON.parse(grantCalls(api)[0]!.body as string)).toEqual({ type: 0, email: 'ann@example.com' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    // Opened first in this tab: back falls back to the profile.
    await waitFor(() => expect(where().path).toBe('/user/profile'));
  });

  it("says 'Failed to send email!' when the call fails without a message, and the server's message otherwise", async () => {
    let reply: { status: number; body: unknown } = { status: 500, body: {} };
    const api = openGrant(undefined, { [GRANT_PATH]: () => reply });
    const user = await grantToAnn();
    expect(await screen.findByText(GRANT_EMAIL_FAILED)).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull(); // still on the page

    reply = { status: 404, body: { message: 'Video not found.' } };
    await user.click(grantButton());
    expect(await screen.findByText('Video not found.')).toBeInTheDocument();
    expect(screen.queryByText(GRANT_EMAIL_FAILED)).not.toBeInTheDocument();
    expect(grantCalls(api)).toHaveLength(2);
  });

  it("shows the server's plain message when too many e-mails were asked for (429), and stays on the page", async () => {
    openGrant(undefined, {
      [GRANT_PATH]: () => ({ status: 429, body: { message: MAIL_LIMIT_MESSAGE } }),
    });
    await grantToAnn();
    expect(await screen.findByText(MAIL_LIMIT_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(GRANT_EMAIL_FAILED)).not.toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it("shows the server's field error under the e-mail", async () => {
    openGrant(undefined, {
      [GRANT_PATH]: () => ({
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { email: ['Please enter a valid e-mail address.'] },
        },
      }),
    });
    await grantToAnn();
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says no homes are listed (and offers Other) when the directory is empty', async () => {
    openGrant(undefined, { [HOMES_PATH]: () => ({ body: { data: [] } }) });
    expect(await screen.findByText('No funeral homes are listed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Willow/ })).not.toBeInTheDocument();
    expect(grantButton()).toBeDisabled();
  });

  it("shows 'Unable to fetch data' with a retry, never an empty list, when the directory fails", async () => {
    let fail = true;
    openGrant(undefined, {
      [HOMES_PATH]: () => (fail ? { status: 500, body: {} } : { body: { data: HOMES } }),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No funeral homes are listed yet.')).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /Willow/ })).toBeInTheDocument();
  });

  it('a double click sends one grant', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = openGrant(undefined, {
      [GRANT_PATH]: async () => {
        await held;
        return { body: { message: 'ok', data: { type: 1, email: 'willow@homes.test', request_id: 1 } } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Willow/ }));
    await user.dblClick(grantButton());
    expect(screen.getByRole('button', { name: 'Granting…' })).toBeDisabled();
    release();
    await waitFor(() => expect(where().path).toBe('/user/access-code/form/request'));
    expect(grantCalls(api)).toHaveLength(1);
  });
});
