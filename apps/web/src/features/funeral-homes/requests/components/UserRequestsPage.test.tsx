import { ACCOUNT_DELETED_PERSON, funeralHomeRoutes } from '@pw/contracts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FuneralRequestItem } from '@pw/contracts';
import { routeKey, fakeApi } from '@/test/fake-api';
import { pagedReply } from '@/test/paged-reply';
import { renderWithSearch } from '@/test/render';
import { UserRequestsPage } from './UserRequestsPage';
import { columnHeaders } from '@/test/table';

const ROWS: FuneralRequestItem[] = Array.from({ length: 13 }, (_, i) => ({
  id: 100 - i,
  name: i === 0 ? 'Ruth Tester' : `Family ${100 - i}`,
  email: `family${100 - i}@example.test`,
  created_at: new Date(Date.UTC(2026, 10, 20 - i, 9)).toISOString(),
  video: i % 2 === 0 ? { id: 900 + i } : null,
  has_form: i !== 1,
  published_at: i === 2 ? '2026-11-19T10:00:00.000Z' : null,
}));

/** Pages like the real list (newest first). */
function listServer(rows = ROWS) {
  return fakeApi({
    [routeKey(funeralHomeRoutes.requests)]: pagedReply(rows),
  });
}

const renderPage = (route = '/funeral/user-requests') => renderWithSearch(<UserRequestsPage />, route);

describe('User Requests (/funeral/user-requests)', () => {
  it('turns into one card per request on a phone: each cell carries its column name, the e-mail wraps only at @ and dots', async () => {
    listServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'User requests' });
    // The stylesheet stacks a .table-stacked below 576 px and writes each data-label before its cell.
    expect(table).toHaveClass('table-stacked');
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Name', 'Email', 'Date', 'Form', 'Video', 'View']);
    expect(within(first).getByRole('link', { name: 'Ruth Tester' })).not.toHaveClass('text-break');
    expect(within(first).getByText('family100@example.test').innerHTML).toBe(
      'family100<wbr>@example.<wbr>test',
    );
  });

  it('lists a request whose sender deleted their account under the placeholder, without an e-mail', async () => {
    listServer([{ ...ROWS[0]!, name: ACCOUNT_DELETED_PERSON, email: '' }]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'User requests' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: ACCOUNT_DELETED_PERSON })).toHaveAttribute(
      'href',
      '/funeral/user-requests/100',
    );
    expect(within(first).getAllByRole('cell')[1]).toHaveTextContent('–');
  });

  it('lists name, e-mail, date, the form and whether a video is attached or published; each row opens its request', async () => {
    listServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'User requests' });
    expect(columnHeaders(table)).toEqual(['Name', 'Email', 'Date', 'Form', 'Video', 'View']);
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('link', { name: 'Ruth Tester' })).toHaveAttribute(
      'href',
      '/funeral/user-requests/100',
    );
    expect(within(first).getByText('family100@example.test')).toBeInTheDocument();
    expect(within(first).getByText('Video attached')).toBeInTheDocument();
    expect(within(first).getByText('Form received')).toBeInTheDocument();
    const [, , second, third] = within(table).getAllByRole('row');
    expect(within(second!).getByText('No video')).toBeInTheDocument();
    expect(within(second!).getByText('No form')).toBeInTheDocument();
    expect(within(third!).getByText('Published')).toBeInTheDocument();
    expect(within(third!).queryByText('Video attached')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the request from Ruth Tester' })).toHaveAttribute(
      'href',
      '/funeral/user-requests/100',
    );
  });

  it('leads to the report of a passing', async () => {
    listServer();
    renderPage();
    expect(screen.getByRole('link', { name: 'Report a passing' })).toHaveAttribute(
      'href',
      '/funeral/report-passing',
    );
    await screen.findByRole('table', { name: 'User requests' });
  });

  it('keeps the page in the URL and asks the server for it', async () => {
    const api = listServer();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Showing 1 to 10 of 13');
    await user.click(screen.getByRole('button', { name: /page 2/i }));
    expect(await screen.findByText('Showing 11 to 13 of 13')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('page=2');
    expect(api.calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('opens on the page the URL names (a shared link or reload)', async () => {
    const api = listServer();
    renderPage('/funeral/user-requests?page=2');
    expect(await screen.findByText('Showing 11 to 13 of 13')).toBeInTheDocument();
    expect(api.calls[0]!.url.searchParams.get('page')).toBe('2');
  });

  it("says 'No data found :(' when no family has written yet", async () => {
    listServer([]);
    renderPage();
    expect(await screen.findByText('No data found :(')).toBeInTheDocument();
  });

  it("says 'Unable to fetch data' (never an empty list) when the list fails", async () => {
    fakeApi({ [routeKey(funeralHomeRoutes.requests)]: () => ({ status: 500, body: {} }) });
    renderPage();
    expect(await screen.findByText('Unable to fetch data')).toBeInTheDocument();
    expect(screen.queryByText('No data found :(')).not.toBeInTheDocument();
  });
});
