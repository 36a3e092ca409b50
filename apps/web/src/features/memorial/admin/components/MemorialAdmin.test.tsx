import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { memorialRoutes, routeUrl, type adminMemorialItem, type adminReportedEntry } from '@pw/contracts';
import { fakeApi, routeKey } from '@/test/fake-api';
import { pagedAnswer } from '@/test/paged-reply';
import { renderWithApp, renderWithSearch } from '@/test/render';
import { MemorialPagesPage } from './MemorialPagesPage';
import { ReportedEntriesPage } from './ReportedEntriesPage';

type Item = z.infer<typeof adminMemorialItem>;
const LIST = routeUrl(memorialRoutes.adminList);
const TAKE_DOWN = routeUrl(memorialRoutes.adminTakeDown, { id: 1 });

const item = (id: number, over: Partial<Item> = {}): Item => ({
  id,
  slug: String(id).padStart(22, 'A'),
  name: `Person ${id}`,
  owner_id: 100 + id,
  listed: id % 2 === 0,
  opened_at: '2026-11-20T09:00:00.000Z',
  taken_down_at: null,
  taken_down_reason: null,
  entries: 3,
  reported_entries: id === 1 ? 2 : 0,
  ...over,
});

function pagesServer() {
  const rows = [
    item(1, { name: 'Rose Memorial' }),
    item(2),
    item(3, { taken_down_at: '2026-11-21T09:00:00.000Z', taken_down_reason: 'Spam' }),
  ];
  const api = fakeApi({
    [`GET ${LIST}`]: (call) => {
      const search = call.url.searchParams.get('search');
      return pagedAnswer(
        rows.filter((row) => !search || row.name.toLowerCase().includes(search.toLowerCase())),
        call,
      );
    },
  });
  return { api, rows };
}

describe('Memorial Pages (/admin/memorial-pages)', () => {
  it('loads, then shows each page with its messages, reports, state, and Take Down while it is up', async () => {
    pagesServer();
    renderWithSearch(<MemorialPagesPage />, '/admin/memorial-pages');
    expect(screen.getByText('Loading data…')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'Rose Memorial' })).toHaveAttribute(
      'href',
      `/memorial/${item(1).slug}`,
    );
    expect(
      within(rows[0]!).getByRole('button', { name: 'Take down the memorial page of Rose Memorial' }),
    ).toBeVisible();
    expect(rows[2]).toHaveTextContent('Taken down');
    expect(rows[2]).toHaveTextContent('Spam');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Reported Entries' })).toHaveAttribute(
      'href',
      '/admin/memorial-pages/reported-entries',
    );
  });

  it('searches by name', async () => {
    const { api } = pagesServer();
    renderWithSearch(<MemorialPagesPage />, '/admin/memorial-pages');
    await screen.findByRole('table');
    await userEvent.setup().type(screen.getByRole('searchbox'), 'rose');
    await waitFor(() => expect(api.calls.at(-1)!.url.searchParams.get('search')).toBe('rose'));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
  });

  it('takes a page down only with a reason, asked once; a double click sends once', async () => {
    const { api, rows } = pagesServer();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.on('POST', TAKE_DOWN, async (call) => {
      await held;
      const row = rows[0]!;
      row.taken_down_at = '2026-11-22T09:00:00.000Z';
      row.taken_down_reason = JSON.parse(call.body as string).reason;
      return { body: { message: 'The memorial page has been taken down.', data: row } };
    });
    renderWithSearch(<MemorialPagesPage />, '/admin/memorial-pages');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Take down the memorial page of Rose Memorial' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Take Down' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const reason = within(dialog).getByLabelText(/Reason/);
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(reason, 'Messages of hate in the guestbook');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('button', { name: 'Taking down…' })).toBeDisabled();
    release();
    expect(await screen.findByText('The memorial page has been taken down.')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]!.body as string)).toEqual({ reason: 'Messages of hate in the guestbook' });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')[1]).toHaveTextContent('Taken down'),
    );
  });

  it('says when the list cannot be read', async () => {
    fakeApi({ [`GET ${LIST}`]: () => ({ status: 500, body: {} }) });
    renderWithSearch(<MemorialPagesPage />, '/admin/memorial-pages');
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
  });
});

const REPORTED = routeKey(memorialRoutes.adminReported);
const reported = (over: Partial<z.infer<typeof adminReportedEntry>> = {}) => ({
  id: 9,
  name: 'Visitor',
  message: 'Something unkind',
  photo_path: null,
  created_at: '2026-11-20T09:00:00.000Z',
  status: 'approved' as const,
  reports: 2,
  page_id: 1,
  page_name: 'Rose Memorial',
  page_slug: item(1).slug,
  reasons: ['Rude', 'Not true'],
  ...over,
});

describe('Reported Entries (/admin/memorial-pages/reported-entries)', () => {
  const open = () =>
    renderWithApp(<ReportedEntriesPage />, { route: '/admin/memorial-pages/reported-entries' });

  it('loads, then shows each message with its page, count and reasons', async () => {
    fakeApi({ [REPORTED]: () => ({ body: { data: [reported()] } }) });
    open();
    expect(screen.getByText('Loading the reported messages…')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reported Entries' });
    expect(list).toHaveTextContent('Something unkind');
    expect(list).toHaveTextContent('reported 2 times');
    expect(within(list).getByRole('link', { name: 'the page of Rose Memorial' })).toHaveAttribute(
      'href',
      `/memorial/${item(1).slug}`,
    );
    expect(within(list).getByText('Rude')).toBeInTheDocument();
    expect(within(list).getByText('Not true')).toBeInTheDocument();
  });

  it('says when nothing was reported', async () => {
    fakeApi({ [REPORTED]: () => ({ body: { data: [] } }) });
    open();
    expect(await screen.findByText('No reported messages.')).toBeInTheDocument();
  });

  it('says when it cannot be read, with a retry', async () => {
    fakeApi({ [REPORTED]: () => ({ status: 500, body: {} }) });
    open();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
