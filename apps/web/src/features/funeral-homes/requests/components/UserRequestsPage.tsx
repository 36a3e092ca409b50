import { Link } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { FuneralRequestItem } from '@pw/contracts';
import { ListView, useListState } from '@/components/data-table';
import { nowrapCell, sortedBy, viewColumn } from '@/components/data-table/cells';
import { EmailAddress } from '@/components/EmailAddress';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useUserRequests } from '../api/get-requests';

const column = createColumnHelper<FuneralRequestItem>();

/**
 * Name, e-mail, date, whether the family's form came, whether a video was granted (and published), and
 * the row's way in (docs/product.md §13.3: row opens {id}).
 */
const columns = [
  column.accessor('name', {
    header: 'Name',
    cell: (info) => (
      <Link to={`/funeral/user-requests/${info.row.original.id}`} className="wrap-words">
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('email', {
    header: 'Email',
    // Empty once the sender deleted their account (the name then says so).
    cell: (info) =>
      info.getValue() ? (
        <EmailAddress email={info.getValue()} />
      ) : (
        <span className="text-body-secondary">–</span>
      ),
  }),
  column.accessor('created_at', sortedBy('created_at', 'Date', nowrapCell(formatWhen))),
  column.accessor('has_form', {
    header: 'Form',
    cell: (info) =>
      info.getValue() ? (
        <span className="badge text-bg-info">Form received</span>
      ) : (
        <span className="badge text-bg-light border">No form</span>
      ),
  }),
  column.accessor('video', {
    header: 'Video',
    cell: (info) => {
      if (!info.getValue()) return <span className="badge text-bg-light border">No video</span>;
      const published = info.row.original.published_at;
      return published ? (
        <span className="badge text-bg-primary" title={`Published ${formatWhen(published)}`}>
          Published
        </span>
      ) : (
        <span className="badge text-bg-success">Video attached</span>
      );
    },
  }),
  viewColumn(column, {
    to: (request) => `/funeral/user-requests/${request.id}`,
    label: (request) => `View the request from ${request.name}`,
  }),
];

/** /funeral and /funeral/user-requests: the requests families send this home, paged (state in the URL). */
export function UserRequestsPage() {
  useTitle('User Requests');
  const list = useListState();
  const query = useUserRequests(list.params);
  return (
    <div className="container py-4">
      <h1 className="h2 mb-2">User Requests</h1>
      <p className="text-body-secondary">
        When a family sends you their funeral wishes or grants you access to a message, it appears here.
      </p>
      <p>
        A family asks you to confirm a passing? <Link to="/funeral/report-passing">Report a passing</Link>{' '}
        with the access code of their loved one&rsquo;s final message.
      </p>
      <ListView
        list={list}
        search
        caption="User requests"
        columns={columns}
        query={query}
        defaultSort="created_at"
        stacked
      />
    </div>
  );
}
