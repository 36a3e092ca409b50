import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { REPORT_RECEIVED_MESSAGE, type ContactPage, legacyRoutes } from '@pw/contracts';
import { renderWithApp } from '@/test/render';
import { routeKey, fakeApi, type Handler } from '@/test/fake-api';
import { CONTACT_WAITING_TEXT, ContactLinkPage } from './ContactLinkPage';
import { LINK_GONE_TITLE } from './LinkStates';

const TOKEN = 'c'.repeat(43);
const PAGE = routeKey(legacyRoutes.contactPage, { token: TOKEN });

const role = (over: Partial<ContactPage> = {}): ContactPage => ({
  owner_first_name: 'Margaret',
  owner_name: 'Margaret Bell',
  contact_name: 'Ruth Bell',
  confirmed: false,
  state: 'sealed',
  watch_url: null,
  ...over,
});

function open(handlers: Record<string, Handler>) {
  const server = fakeApi(handlers);
  const user = userEvent.setup();
  renderWithApp(
    <Routes>
      <Route path="/legacy/contact/:token" element={<ContactLinkPage />} />
      <Route path="/watch/:token" element={<p>Watch page</p>} />
    </Routes>,
    { route: `/legacy/contact/${TOKEN}` },
  );
  return { server, user };
}

describe('a trusted contact’s page (/legacy/contact/:token)', () => {
  it('shows a loading state, then greets the contact and explains the role for the owner', async () => {
    open({ [PAGE]: () => ({ body: { data: role() } }) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your role…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Ruth Bell' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Margaret named you a trusted contact for the final message they left on Parting Words.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept this role' })).toBeInTheDocument();
    // Under its question, the report form at once: 'Send the report' is asked once, nothing opens it first.
    const question = screen.getByRole('region', { name: 'Has Margaret passed away?' });
    expect(within(question).getByRole('form', { name: 'Report a passing' })).toBeVisible();
    expect(
      within(question)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Send the report']);
  });

  it('an unknown or replaced link shows that it is no longer valid', async () => {
    const { server } = open({
      [PAGE]: () => ({ status: 404, body: { message: 'This link is no longer valid.' } }),
    });
    expect(await screen.findByRole('heading', { name: LINK_GONE_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept this role' })).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(1); // not asked again
  });

  it('another failure offers to try again', async () => {
    let fail = true;
    const { user } = open({
      [PAGE]: () => (fail ? { status: 500, body: { message: 'Server error' } } : { body: { data: role() } }),
    });
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello Ruth Bell' })).toBeInTheDocument();
  });

  it('accepting the role posts confirm and shows the answer; the GET confirmed nothing', async () => {
    const { server, user } = open({
      [PAGE]: () => ({ body: { data: role() } }),
      [routeKey(legacyRoutes.confirmContact, { token: TOKEN })]: () => ({
        body: { message: 'Thank you. You are now a trusted contact.', data: role({ confirmed: true }) },
      }),
    });
    await screen.findByRole('heading', { name: 'Hello Ruth Bell' });
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Accept this role' }));
    expect(await screen.findByText('Thank you. You are now a trusted contact.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept this role' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('an accepted role says so, without the button', async () => {
    open({ [PAGE]: () => ({ body: { data: role({ confirmed: true }) } }) });
    expect(await screen.findByText('You have accepted this role.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept this role' })).not.toBeInTheDocument();
  });

  it('reports the passing with relation and note and shows the answer; the page is read again', async () => {
    let state: ContactPage['state'] = 'sealed';
    const { server, user } = open({
      [PAGE]: () => ({ body: { data: role({ confirmed: true, state }) } }),
      [routeKey(legacyRoutes.reportByContact, { token: TOKEN })]: () => {
        state = 'waiting';
        return { body: { message: REPORT_RECEIVED_MESSAGE, data: { state: 'waiting' } } };
      },
    });
    // The form names the person the report is about.
    await user.type(await screen.findByLabelText(/^Your relation to Margaret Bell/), 'Sister');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText(REPORT_RECEIVED_MESSAGE)).toBeInTheDocument();
    const report = server.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(report.body as string)).toEqual({ relation: 'Sister' });
    expect(server.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('says a report already waits, and still lets the contact report (it joins)', async () => {
    open({ [PAGE]: () => ({ body: { data: role({ state: 'waiting' }) } }) });
    expect(await screen.findByText(CONTACT_WAITING_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Report a passing' })).toBeInTheDocument();
  });

  it("a refused report shows the server's message", async () => {
    const { user } = open({
      [PAGE]: () => ({ body: { data: role() } }),
      [routeKey(legacyRoutes.reportByContact, { token: TOKEN })]: () => ({
        status: 404,
        body: { message: 'This link is no longer valid.' },
      }),
    });
    await user.type(await screen.findByLabelText(/^Your relation to/), 'Friend');
    await user.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('This link is no longer valid.')).toBeInTheDocument();
    expect(screen.queryByText(REPORT_RECEIVED_MESSAGE)).not.toBeInTheDocument();
  });

  it('once released, shows the private watch link in the app and no report form', async () => {
    const { user } = open({
      [PAGE]: () => ({
        body: {
          data: role({
            confirmed: true,
            state: 'released',
            watch_url: `http://localhost:3000/watch/${'w'.repeat(43)}`,
          }),
        },
      }),
    });
    const link = await screen.findByRole('link', { name: 'Watch the message' });
    expect(link).toHaveAttribute('href', `/watch/${'w'.repeat(43)}`);
    expect(
      screen.getByRole('heading', { name: 'Margaret’s final message has been released' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report a passing' })).not.toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByText('Watch page')).toBeInTheDocument();
  });

  it('released without a link for this contact says where the links went', async () => {
    open({ [PAGE]: () => ({ body: { data: role({ state: 'released' }) } }) });
    expect(await screen.findByText(/went to the trusted contacts who had accepted/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Watch the message' })).not.toBeInTheDocument();
  });

  it('an owner who chose "available at once" needs no report', async () => {
    open({ [PAGE]: () => ({ body: { data: role({ state: 'open' }) } }) });
    expect(await screen.findByText(/no report is needed/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report a passing' })).not.toBeInTheDocument();
  });
});
