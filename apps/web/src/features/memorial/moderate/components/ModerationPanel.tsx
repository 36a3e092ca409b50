import { useRef } from 'react';
import { Link } from 'react-router';
import { MEMORIAL_MESSAGES, memorialRoutes, type ModeratorBody, type ModeratorView } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { errorMessage } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useEntryAction, useUpdateMemorial, type ModerationAdapter } from '../api/moderate';

const STATUS_TEXT = { pending: 'Waiting for you', approved: 'Shown', hidden: 'Hidden' } as const;

/** A moderator's buttons on a message; each is left out where it would change nothing. */
const ACTIONS = [
  { action: 'approve', label: 'Show', style: 'btn-primary', shownUnless: 'approved' },
  { action: 'hide', label: 'Hide', style: 'btn-outline-secondary', shownUnless: 'hidden' },
  { action: 'delete', label: 'Delete', style: 'btn-outline-danger', shownUnless: null },
] as const;

/**
 * What a moderator looks after on the memorial page (docs/product.md §6.9): the service details, who may
 * find it, the guestbook's settings and its messages. The same screen for a trusted contact and a
 * funeral home: `adapter` says whose calls it makes.
 */
export function ModerationPanel({ adapter, view }: { adapter: ModerationAdapter; view: ModeratorView }) {
  return (
    <>
      <p>
        <Link to={`/memorial/${view.slug}`}>{MEMORIAL_MESSAGES.openPage}</Link>
      </p>
      <SettingsForm adapter={adapter} view={view} />
      <Entries adapter={adapter} view={view} />
    </>
  );
}

type TextName = 'service_when' | 'service_location' | 'service_type' | 'service_notes';
type Values = Record<TextName, string> &
  Record<'listed' | 'guestbook_moderation' | 'guestbook_closed', boolean>;

function SettingsForm({ adapter, view }: { adapter: ModerationAdapter; view: ModeratorView }) {
  const update = useUpdateMemorial(adapter);
  const { field, register, handleSubmit, serverErrors, summary } = useBodyForm<Values>({
    schema: memorialRoutes.contactUpdate.body,
    defaultValues: {
      service_when: view.service.when ?? '',
      service_location: view.service.location ?? '',
      service_type: view.service.type ?? '',
      service_notes: view.service.notes ?? '',
      listed: view.listed,
      guestbook_moderation: view.guestbook_moderation,
      guestbook_closed: view.guestbook_closed,
    },
    failure: update.isError ? update.error : null,
  });
  // A double click sends once: the second click's check ends before the first call's state is drawn.
  const sending = useRef(false);
  const submit = handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    update.mutate(values satisfies ModeratorBody, {
      onSettled: () => {
        sending.current = false;
      },
    });
  });
  // A funeral home picks among its own locations and types of service, or writes its own words.
  const text = (name: TextName, label: string, options: string[] = []) => (
    <>
      <TextField
        id={`m-${name}`}
        label={label}
        list={options.length ? `m-${name}-options` : undefined}
        {...field(name)}
      />
      {options.length > 0 && (
        <datalist id={`m-${name}-options`}>
          {options.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      )}
    </>
  );
  const check = (name: 'listed' | 'guestbook_moderation' | 'guestbook_closed', label: string) => (
    <div className="form-check mb-2">
      <input id={`m-${name}`} type="checkbox" className="form-check-input" {...register(name)} />
      <label className="form-check-label" htmlFor={`m-${name}`}>
        {label}
      </label>
    </div>
  );
  const hasFieldError = Object.keys(serverErrors).length > 0;
  return (
    <form
      className="card p-3 p-sm-4 mb-4"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="service-form"
    >
      <h2 id="service-form" className="h5">
        The service and the page
      </h2>
      {update.isSuccess && (
        <div className="alert alert-success" role="status">
          {update.data.message}
        </div>
      )}
      {update.isError && !hasFieldError && <FormError message={summary} />}
      {text('service_type', 'Type of service', view.home_services)}
      {text('service_when', 'When')}
      {text('service_location', 'Where', view.home_locations)}
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

function Entries({ adapter, view }: { adapter: ModerationAdapter; view: ModeratorView }) {
  const act = useEntryAction(adapter);
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
