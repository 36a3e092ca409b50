import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN_READS_TITLE, auditRoutes, type AdminReadItem, type PageMeta } from '@pw/contracts';
import { fakeApi, routeKey } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { ADMIN_READS_TEXTS, AdminReadsPage } from './AdminReadsPage';

const read = (over: Partial<AdminReadItem> = {}): AdminReadItem => ({
  id: 1,
  read_at: '2026-11-28T14:30:00.000Z',
  administrator: 'Morgan Lee',
  what: 'parting_words',
  video_title: 'For my children',
  reason: 'The family reported a playback problem.',
  ...over,
});

const meta = (total: number, page = 1): PageMeta => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / 10)),
  from: total ? (page - 1) * 10 + 1 : null,
  to: total ? Math.min(total, page * 10) : null,
  total,
  per_page: 10,
});

const page = (data: AdminReadItem[], total = data.length, at = 1) => ({
  body: { data, meta: meta(total, at), links: { prev: null, next: null } },
});

const renderPage = (route = '/user/profile/who-has-seen') => renderWithApp(<AdminReadsPage />, { route });

describe('AdminReadsPage (Who has seen my messages)', () => {
  it('lists each read with when, who, what and why; an unnamed administrator and a view without reason too', async () => {
    fakeApi({
      [routeKey(auditRoutes.userList)]: () =>
        page([
          read(),
          read({
            id: 2,
            administrator: null,
            what: 'account_details',
            video_title: null,
            reason: null,
          }),
        ]),
    });
    renderPage();
    expect(screen.getByRole('heading', { name: ADMIN_READS_TITLE })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Morgan Lee — Your Parting Words (final message): “For my children”');
    expect(items[0]).toHaveTextContent('Reason given: The family reported a playback problem.');
    expect(within(items[0]!).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-28T14:30:00.000Z');
    expect(items[1]).toHaveTextContent('An administrator — Your profile and plans');
    expect(items[1]).toHaveTextContent(ADMIN_READS_TEXTS.noReason);
    expect(screen.getByText('Showing 1 to 2 of 2')).toBeInTheDocument();
  });

  it('says so when no administrator has read anything', async () => {
    fakeApi({ [routeKey(auditRoutes.userList)]: () => page([]) });
    renderPage();
    expect(await screen.findByText(ADMIN_READS_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('shows a spinner while loading, then the list', async () => {
    let answer: (reply: ReturnType<typeof page>) => void = () => undefined;
    fakeApi({
      [routeKey(auditRoutes.userList)]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer(page([read()]));
    expect(await screen.findByRole('listitem')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says 'Unable to fetch data' when the list cannot be read, and retries", async () => {
    const user = userEvent.setup();
    let fail = true;
    fakeApi({
      [routeKey(auditRoutes.userList)]: () =>
        fail ? { status: 500, body: { message: 'Server Error' } } : page([read()]),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch data');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem')).toBeInTheDocument();
  });

  it('pages through the list with the page in the request', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [routeKey(auditRoutes.userList)]: (call) => {
        const at = Number(call.url.searchParams.get('page') ?? 1);
        return page([read({ id: at, reason: `Reason on page ${at}` })], 12, at);
      },
    });
    renderPage();
    expect(await screen.findByText('Reason on page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByText('Reason on page 2')).toBeInTheDocument();
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });
});
