import { legacyRoutes, routeUrl } from '@pw/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminLegacyItem } from '@pw/contracts';
import { fakeApi, type RecordedCall, type Reply } from '@/test/fake-api';
import { pagedAnswer } from '@/test/paged-reply';
import { renderWithSearch } from '@/test/render';
import { LegacyReleasesPage } from './LegacyReleasesPage';
import { columnHeaders } from '@/test/table';

const LIST = routeUrl(legacyRoutes.adminList);

const item = (id: number, over: Partial<AdminLegacyItem> = {}): AdminLegacyItem => ({
  id,
  state: 'waiting',
  reporter_kind: 'trusted-contact',
  reporter_name: `Reporter ${id}`,
  relation: 'Sister',
  note: null,
  reported_at: '2026-11-20T09:00:00.000Z',
  release_at: '2026-11-23T09:00:00.000Z',
  ended_at: null,
  owner: { id: 100 + id, first_name: 'Owner', last_name: `No${id}`, email: `owner${id}@example.test` },
  ...over,
});

const ROWS: AdminLegacyItem[] = [
  item(1, {
    owner: { id: 41, first_name: 'Olive', last_name: 'Owner', email: 'olive@example.test' },
    reporter_name: 'Hal Holder',
    reporter_kind: 'code-holder',
    relation: 'Friend',
    note: 'Obituary: https://example.test/obituary/olive',
  }),
  item(2, { state: 'cancelled', ended_at: '2026-11-21T10:00:00.000Z' }),
  item(3, { state: 'halted', ended_at: '2026-11-21T11:00:00.000Z', reporter_kind: 'check-in' }),
  item(4, { state: 'released', ended_at: '2026-11-23T09:00:00.000Z', reporter_kind: 'funeral-home' }),
];

/** A server that filters by state and pages like the real one; a halt turns a waiting row halted. */
function legacyServer(rows = ROWS, halt?: (call: RecordedCall) => Reply | Promise<Reply>) {
  const data = rows.map((row) => ({ ...row }));
  const api = fakeApi({
    [`GET ${LIST}`]: (call) => {
      const state = call.url.searchParams.get('state');
      return pagedAnswer(
        data.filter((row) => !state || row.state === state),
        call,
      );
    },
  });
  api.on('POST', routeUrl(legacyRoutes.adminHalt, { id: 1 }), async (call) => {
    if (halt) return halt(call);
    const row = data.find((r) => r.id === 1)!;
    row.state = 'halted';
    row.ended_at = '2026-11-22T12:00:00.000Z';
    return { body: { message: 'The release has been halted.', data: row } };
  });
  return api;
}

const renderPage = (route = '/admin/legacy-management') => renderWithSearch(<LegacyReleasesPage />, route);
const where = () => screen.getByTestId('where').textContent;
const listCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.url.pathname === LIST);
const lastListCall = (api: ReturnType<typeof fakeApi>) => listCalls(api).at(-1)!.url.searchParams;
const haltCalls = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.method === 'POST');

async function openHalt(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Halt the release of Olive Owner' }));
  return screen.findByRole('dialog', { name: 'Halt Release' });
}

describe('LegacyReleasesPage (the back office’s reports and releases)', () => {
  it('loads, then shows the columns, the owner’s link, the reporter, the state and Halt only while waiting', async () => {
    legacyServer();
    renderPage();
    expect(screen.getByText('Loading data…')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(columnHeaders(table)).toEqual([
      'Owner',
      'Reporter',
      'State',
      'Reported At',
      'Release At',
      'Ended At',
      'Action',
    ]);
    expect(screen.getByRole('link', { name: 'Olive Owner' })).toHaveAttribute(
      'href',
      '/admin/user-management/details/41',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('olive@example.test');
    expect(rows[0]).toHaveTextContent('Hal Holder');
    expect(rows[0]).toHaveTextContent('Access-code holder · Friend');
    expect(
      rows.map((row) => within(row).getAllByText(/^(Waiting|Cancelled|Halted|Released)$/)[0]!.textContent),
    ).toEqual(['Waiting', 'Cancelled', 'Halted', 'Released']);
    expect(rows[2]).toHaveTextContent('Unanswered check-ins');
    expect(rows[0]).toHaveTextContent('—'); // not ended yet
    // Halt only on the waiting report; every row opens its details.
    expect(screen.getAllByRole('button', { name: /^Halt the release of/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^View the report on/ })).toHaveLength(4);
    expect(screen.getByText('Showing 1 to 4 of 4')).toBeInTheDocument();
    expect(document.title).toContain('Legacy Releases');
  });

  it('keeps state, dates, search and sort in the URL and sends them; Reset clears them', async () => {
    const api = legacyServer();
    const user = userEvent.setup();
    renderPage('/admin/legacy-management?state=waiting&from_date=2026-11-01&page=2');
    await waitFor(() => expect(listCalls(api).length).toBeGreaterThan(0));
    expect(lastListCall(api).get('state')).toBe('waiting');
    expect(lastListCall(api).get('from_date')).toBe('2026-11-01');
    expect(lastListCall(api).get('page')).toBe('2');
    expect(lastListCall(api).get('tz')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveDisplayValue('Waiting');
    expect(screen.getByLabelText('Reported From')).toHaveValue('2026-11-01');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Halted');
    await waitFor(() => expect(where()).toBe('?state=halted&from_date=2026-11-01'));
    await waitFor(() => expect(lastListCall(api).get('state')).toBe('halted'));
    expect(lastListCall(api).get('page')).toBe('1');
    expect(await screen.findByText('Showing 1 to 1 of 1')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'olive@example.test');
    await waitFor(() => expect(lastListCall(api).get('search')).toBe('olive@example.test'));
    expect(where()).toBe('?state=halted&from_date=2026-11-01&search=olive%40example.test');

    await user.click(screen.getByRole('button', { name: /Release At/ }));
    await waitFor(() => expect(lastListCall(api).get('sort')).toBe('release_at'));
    expect(lastListCall(api).get('order')).toBe('asc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    await waitFor(() => expect(lastListCall(api).get('per_page')).toBe('25'));

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(where()).toBe('?per_page=25'));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveDisplayValue('All states');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('says "No data found :(" for an empty list and "Unable to fetch data" when the call fails', async () => {
    legacyServer([]);
    const { unmount } = renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    const api = fakeApi({ [`GET ${LIST}`]: () => ({ status: 500, body: { message: 'Server error' } }) });
    renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).toBeNull();
    expect(listCalls(api).length).toBeGreaterThan(0);
  });

  it('shows a report with its note in the details dialog', async () => {
    legacyServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'View the report on Olive Owner' }));
    const details = await screen.findByRole('dialog', { name: 'Report details' });
    expect(details).toHaveTextContent('Obituary: https://example.test/obituary/olive');
    expect(details).toHaveTextContent('Olive Owner (olive@example.test)');
    expect(details).toHaveTextContent('Friend');
    await user.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'View the report on Owner No2' }));
    expect(await screen.findByRole('dialog', { name: 'Report details' })).toHaveTextContent('No note');
  });

  it('asks for a reason before it halts; "No" halts nothing', async () => {
    const api = legacyServer();
    const user = userEvent.setup();
    renderPage();
    const dialog = await openHalt(user);
    expect(dialog).toHaveTextContent('Are you sure you want to halt this release?');
    expect(dialog).toHaveTextContent('Olive Owner (olive@example.test)');
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(within(dialog).getByText('The reason field is required.')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveFocus();
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(haltCalls(api)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(haltCalls(api)).toHaveLength(0);
    // The keyboard is back on the row's Halt button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Halt the release of Olive Owner' })).toHaveFocus(),
    );
    // Opened again, it starts empty.
    const again = await openHalt(user);
    expect(within(again).getByRole('textbox', { name: /Reason/ })).toHaveValue('');
    expect(within(again).queryByText('The reason field is required.')).toBeNull();
  });

  it('halts with the reason by keyboard, says so, and the list shows the report halted', async () => {
    const api = legacyServer();
    const user = userEvent.setup();
    renderPage();
    const dialog = await openHalt(user);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.keyboard('The family disputes the report.');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const success = await screen.findByRole('dialog', { name: 'Release Halted' });
    expect(success).toHaveTextContent('The release has been halted.');
    expect(haltCalls(api)).toHaveLength(1);
    expect(JSON.parse(haltCalls(api)[0]!.body as string)).toEqual({
      reason: 'The family disputes the report.',
    });
    await user.click(within(success).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Halt the release of/ })).toBeNull());
    const firstRow = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(firstRow).getByText('Halted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Legacy Releases' })).toHaveFocus());
  });

  it('keeps the dialog open with the server’s words when the halt is refused', async () => {
    let answer: Reply = {
      status: 404,
      body: { message: 'This report is no longer waiting: only a waiting release can be halted.' },
    };
    const api = legacyServer(ROWS, () => answer);
    const user = userEvent.setup();
    renderPage();
    const dialog = await openHalt(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Disputed');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This report is no longer waiting: only a waiting release can be halted.',
    );
    expect(screen.getByRole('dialog', { name: 'Halt Release' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Release Halted' })).toBeNull();

    // A field's refusal (422) is shown under the reason.
    answer = {
      status: 422,
      body: {
        message: 'The reason may not be longer than 1000 characters.',
        errors: { reason: ['The reason may not be longer than 1000 characters.'] },
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(dialog).getByText('The reason may not be longer than 1000 characters.'),
    ).toBeInTheDocument();
    expect(haltCalls(api)).toHaveLength(2);
  });
});
