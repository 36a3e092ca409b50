import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memorialRoutes, type ModeratorView } from '@pw/contracts';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { HomeMemorialPage } from './HomeMemorialPage';
import { HomeMemorialsPage } from './HomeMemorialsPage';

const SLUG = 'AAAAAAAAAAAAAAAAAAAAAA';
const LIST = routeKey(memorialRoutes.homeList);
const VIEW = routeKey(memorialRoutes.homeView, { slug: SLUG });

const view = (over: Partial<ModeratorView> = {}): ModeratorView => ({
  slug: SLUG,
  name: 'Rose Memorial',
  born_year: 1940,
  died_year: 2026,
  text: null,
  photo_path: null,
  videos: [],
  service: { when: null, location: null, type: null, notes: null },
  guestbook_open: true,
  listed: false,
  guestbook_moderation: true,
  guestbook_closed: false,
  entries: [
    {
      id: 5,
      name: 'Nora Neighbour',
      message: 'She always had time for us.',
      photo_path: null,
      created_at: '2026-11-20T09:00:00.000Z',
      status: 'pending',
      reports: 0,
    },
  ],
  home_locations: ['Chapel of Rest', 'Riverside Hall'],
  home_services: ['Memorial service'],
  ...over,
});

const openList = () => renderWithApp(<HomeMemorialsPage />, { route: '/funeral/memorials' });
const openPage = () =>
  renderWithApp(
    <Routes>
      <Route path="/funeral/memorials/:slug" element={<HomeMemorialPage />} />
    </Routes>,
    { route: `/funeral/memorials/${SLUG}` },
  );

describe('Memorial Pages (/funeral/memorials)', () => {
  it('says it loads, then lists each page with its years, listing and waiting messages', async () => {
    fakeApi({
      [LIST]: () => ({
        body: {
          data: [
            { slug: SLUG, name: 'Rose Memorial', born_year: 1940, died_year: 2026, listed: true, pending: 2 },
            {
              slug: 'B'.repeat(22),
              name: 'Tom Vale',
              born_year: null,
              died_year: 2026,
              listed: false,
              pending: 0,
            },
          ],
        },
      }),
    });
    openList();
    expect(screen.getByText('Loading the memorial pages…')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Memorial Pages' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Rose Memorial' })).toHaveAttribute(
      'href',
      `/funeral/memorials/${SLUG}`,
    );
    expect(items[0]).toHaveTextContent('1940 – 2026 · Found by name');
    expect(items[0]).toHaveTextContent('2 messages waiting');
    expect(items[1]).toHaveTextContent('2026 · By link only');
    expect(items[1]).toHaveTextContent('Nothing waiting');
  });

  it('says when the home looks after no page', async () => {
    fakeApi({ [LIST]: () => ({ body: { data: [] } }) });
    openList();
    expect(await screen.findByText('No memorial pages to look after.')).toBeInTheDocument();
  });

  it('says it could not load, with a retry that reads again', async () => {
    let calls = 0;
    fakeApi({
      [LIST]: () => (++calls === 1 ? { status: 503, body: {} } : { body: { data: [] } }),
    });
    openList();
    const alert = await screen.findByRole('alert');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No memorial pages to look after.')).toBeInTheDocument();
  });
});

describe('One memorial page the home looks after (/funeral/memorials/{slug})', () => {
  it('offers the home’s own locations and types of service and saves through the home’s call', async () => {
    const api = fakeApi({ [VIEW]: () => ({ body: { data: view() } }) });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('PUT', routeKey(memorialRoutes.homeUpdate, { slug: SLUG }).split(' ')[1]!, async () => {
      await held;
      return { body: { message: 'The memorial page has been updated.', data: view({ listed: true }) } };
    });
    openPage();
    expect(screen.getByText('Loading the memorial page…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Looking after the page of Rose Memorial' }),
    ).toBeVisible();
    const where = screen.getByLabelText('Where');
    const options = document.getElementById(where.getAttribute('list')!)!;
    expect([...options.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'Chapel of Rest',
      'Riverside Hall',
    ]);
    const user = userEvent.setup();
    await user.type(where, 'Chapel of Rest');
    await user.click(screen.getByLabelText('People may find the page by name'));
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    release();
    expect(await screen.findByText('The memorial page has been updated.')).toBeInTheDocument();
    const puts = api.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!.body as string)).toMatchObject({
      service_location: 'Chapel of Rest',
      listed: true,
      guestbook_moderation: true,
    });
  });

  it('refuses a too long field before sending, in the contract’s words', async () => {
    const api = fakeApi({ [VIEW]: () => ({ body: { data: view() } }) });
    openPage();
    const user = userEvent.setup();
    const when = await screen.findByLabelText('When');
    await user.click(when);
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(when).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('approves a waiting message through the home’s call', async () => {
    const api = fakeApi({ [VIEW]: () => ({ body: { data: view() } }) });
    const approved = view();
    approved.entries[0]!.status = 'approved';
    api.on('POST', routeKey(memorialRoutes.homeEntry, { slug: SLUG, id: 5 }).split(' ')[1]!, () => ({
      body: { data: approved },
    }));
    openPage();
    const entry = await screen.findByTestId('moderated-entry');
    expect(entry).toHaveTextContent('Waiting for you');
    await userEvent
      .setup()
      .click(within(entry).getByRole('button', { name: 'Show the message from Nora Neighbour' }));
    await waitFor(() => expect(screen.getByTestId('moderated-entry')).toHaveTextContent('Shown'));
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body as string)).toEqual({ action: 'approve' });
  });

  it('says a page the home does not look after is not one of its own (404)', async () => {
    fakeApi({ [VIEW]: () => ({ status: 404, body: { message: 'This memorial page could not be found.' } }) });
    openPage();
    expect(await screen.findByText('This memorial page is not one you look after.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Memorial Pages/ })).toHaveAttribute(
      'href',
      '/funeral/memorials',
    );
  });

  it('says it could not load any other failure, with a retry', async () => {
    fakeApi({ [VIEW]: () => ({ status: 500, body: {} }) });
    openPage();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
