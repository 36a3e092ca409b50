import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { MEMORIAL_MESSAGES, type ModeratorView } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError, errorMessage, fieldErrors } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useContactMemorial, useEntryAction, useUpdateMemorial } from '../api/moderate';

const STATUS_TEXT = { pending: 'Waiting for you', approved: 'Shown', hidden: 'Hidden' } as const;

/** A moderator's buttons on a message; each is left out where it would change nothing. */
const ACTIONS = [
  { action: 'approve', label: 'Show', style: 'btn-primary', shownUnless: 'approved' },
  { action: 'hide', label: 'Hide', style: 'btn-outline-secondary', shownUnless: 'hidden' },
  { action: 'delete', label: 'Delete', style: 'btn-outline-danger', shownUnless: null },
] as const;

/**
 * /legacy/contact/{token}/memorial (docs/product.md §6.9): a trusted contact looks after the memorial
 * page from their own link: the service details, who may find it, and the guestbook's messages.
 */
export function ModerateMemorialPage() {
  useTitle('Look after the memorial page');
  const token = useParams().token ?? '';
  const view = useContactMemorial(token);
  if (view.isPending) return <Loading label="Loading the memorial page…" />;
  if (view.isError) {
    return (
      <div className="container py-4 page-narrow">
        {view.error instanceof ApiError && view.error.status === 404 ? (
          <p>There is no memorial page for you to look after from this link.</p>
        ) : (
          <ErrorState onRetry={() => void view.refetch()} />
        )}
      </div>
    );
  }
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <p className="eyebrow">Memorial page</p>
      <h1 className="h3 text-break">Looking after the page of {view.data.name}</h1>
      <p>
        <Link to={`/memorial/${view.data.slug}`}>{MEMORIAL_MESSAGES.openPage}</Link>
      </p>
      <SettingsForm token={token} view={view.data} />
      <Entries token={token} view={view.data} />
    </div>
  );
}

function SettingsForm({ token, view }: { token: string; view: ModeratorView }) {
  const update = useUpdateMemorial(token);
  const [fields, setFields] = useState({
    service_when: view.service.when ?? '',
    service_location: view.service.location ?? '',
    service_type: view.service.type ?? '',
    service_notes: view.service.notes ?? '',
    listed: view.listed,
    guestbook_moderation: view.guestbook_moderation,
    guestbook_closed: view.guestbook_closed,
  });
  const errors = update.isError ? fieldErrors(update.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(fields);
  };
  const text = (
    name: 'service_when' | 'service_location' | 'service_type' | 'service_notes',
    label: string,
  ) => (
    <div className="mb-3">
      <label className="form-label" htmlFor={`m-${name}`}>
        {label}
      </label>
      <input
        id={`m-${name}`}
        className={`form-control${errors[name] ? ' is-invalid' : ''}`}
        value={fields[name]}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
      />
      {errors[name] && <div className="invalid-feedback">{errors[name]}</div>}
    </div>
  );
  const check = (name: 'listed' | 'guestbook_moderation' | 'guestbook_closed', label: string) => (
    <div className="form-check mb-2">
      <input
        id={`m-${name}`}
        type="checkbox"
        className="form-check-input"
        checked={fields[name]}
        onChange={(e) => setFields({ ...fields, [name]: e.target.checked })}
      />
      <label className="form-check-label" htmlFor={`m-${name}`}>
        {label}
      </label>
    </div>
  );
  return (
    <form className="card p-3 p-sm-4 mb-4" onSubmit={submit} noValidate aria-labelledby="service-form">
      <h2 id="service-form" className="h5">
        The service and the page
      </h2>
      {update.isSuccess && (
        <div className="alert alert-success" role="status">
          {update.data.message}
        </div>
      )}
      {update.isError && Object.keys(errors).length === 0 && (
        <FormError message={errorMessage(update.error)} />
      )}
      {text('service_type', 'Type of service')}
      {text('service_when', 'When')}
      {text('service_location', 'Where')}
      {text('service_notes', 'Notes')}
      {check('listed', 'People may find the page by name')}
      {check('guestbook_moderation', 'New messages wait for me before they are shown')}
      {check('guestbook_closed', 'Close the guestbook')}
      <div className="mt-2">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

function Entries({ token, view }: { token: string; view: ModeratorView }) {
  const act = useEntryAction(token);
  return (
    <section aria-labelledby="entries-heading">
      <h2 id="entries-heading" className="h5">
        Guestbook messages
      </h2>
      {act.isError && <FormError message={errorMessage(act.error)} />}
      {view.entries.length === 0 ? (
        <p className="text-body-secondary">No messages yet.</p>
      ) : (
        <ul className="list-unstyled">
          {view.entries.map((entry) => (
            <li key={entry.id} className="border-bottom py-3" data-testid="moderated-entry">
              <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
                {entry.message}
              </p>
              <p className="small text-body-secondary mb-2 text-break">
                {entry.name} · <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time> ·{' '}
                {STATUS_TEXT[entry.status]}
                {entry.reports > 0 ? ` · reported ${entry.reports} time${entry.reports > 1 ? 's' : ''}` : ''}
              </p>
              <div className="d-flex gap-2 flex-wrap">
                {ACTIONS.filter((action) => action.shownUnless !== entry.status).map((action) => (
                  <button
                    key={action.action}
                    type="button"
                    className={`btn btn-sm ${action.style}`}
                    disabled={act.isPending}
                    onClick={() => act.mutate({ id: entry.id, action: action.action })}
                  >
                    {action.label} <span className="visually-hidden">the message from {entry.name}</span>
                  </button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
