import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FuneralHomeItem, FuneralOption } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { EmptyState } from '@/components/EmptyState';
import { FieldFrame, fieldControlProps } from '@/components/form/FieldFrame';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useSessionUser } from '@/lib/session';
import { useTitle } from '@/lib/use-title';
import { useFuneralHomes } from '../api/get-funeral-homes';
import { useHomeOptions } from '../api/get-home-options';
import { useSendFuneralForm } from '../api/send-funeral-form';
import {
  emptyFuneralForm,
  FORM_TEXT_MAX,
  funeralFormSchema,
  toFuneralFormBody,
  type FuneralFormValues,
} from '../model/funeral-form';
import { funeralFormStateOf } from '../model/navigation-state';
import { FuneralHomeSummary } from './FuneralHomeList';

/** The home named in the address (`?home=31`), when it names one. */
const homeParam = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/**
 * /user/access-code/form/request, the Funeral Home Form (docs/product.md §13.3, §13.4, §13.6): the family's wishes to a
 * listed home. After a grant to a home it goes to that home (navigation state); opened on its own the
 * family picks the home from the directory, and the choice is kept in the address (`?home=`), so a
 * reload or Back keeps it (docs/product.md §10.2). A home asked for that is not listed is said so, and the
 * family is asked to choose. Name and e-mail come from the session, read-only. On success a dialog
 * returns to /user/profile.
 */
export function FuneralFormPage() {
  useTitle('Funeral Home Form');
  const location = useLocation();
  const granted = funeralFormStateOf(location.state);
  const [params, setParams] = useSearchParams();
  const asked = granted ? null : homeParam(params.get('home'));
  const homes = useFuneralHomes();
  const chooseHome = (id: number | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (id === null) next.delete('home');
        else next.set('home', String(id));
        return next;
      },
      // Keeps the navigation state (the grant) and adds no history entry per choice.
      { replace: true, state: location.state as unknown },
    );

  let body;
  if (homes.isPending) body = <Loading label="Loading funeral homes…" />;
  else if (homes.isError) body = <ErrorState onRetry={() => void homes.refetch()} />;
  else if (homes.data.length === 0)
    body = (
      <EmptyState text="No funeral homes are listed yet.">
        <p className="text-body-secondary">
          The form can be sent once a funeral home has joined Parting Words. Please try again later.
        </p>
        <Link to="/user/profile" className="btn btn-outline-primary">
          Back to my profile
        </Link>
      </EmptyState>
    );
  else {
    const find = (id: number | null) => homes.data.find((home) => home.id === id) ?? null;
    const fixed = granted ? find(granted.homeId) : null;
    const preset = find(asked);
    // A home the family was sent to (a grant, or the address) that the directory does not list.
    const unlisted = (granted !== null && !fixed) || (asked !== null && !preset);
    body = (
      <FuneralForm
        homes={homes.data}
        fixedHome={fixed}
        initialHomeId={preset?.id ?? null}
        unlisted={unlisted}
        onHomeChange={fixed ? undefined : chooseHome}
      />
    );
  }

  return (
    <div className="container py-4 page-narrow">
      <h1 className="h3 mb-2">Funeral Home Form</h1>
      <p className="text-body-secondary">
        Tell the funeral home how you would like the service to be held. Fields marked with an asterisk are
        required.
      </p>
      {granted && (
        <p className="alert alert-success" role="status">
          Access granted. The funeral home can now see the video; send them your wishes with this form.
        </p>
      )}
      {body}
    </div>
  );
}

/** A select of offered options, with its loading and error states. */
function OptionSelect({
  id,
  label,
  options,
  error,
  disabled,
  registration,
}: {
  id: string;
  label: string;
  options: { data?: FuneralOption[]; isFetching: boolean; isError: boolean; refetch: () => unknown };
  error?: string;
  disabled: boolean;
  registration: UseFormRegisterReturn;
}) {
  const failed = options.isError && !options.data;
  const shownError = error ?? (failed ? FETCH_FAILED_MESSAGE : undefined);
  return (
    <FieldFrame id={id} label={label} markRequired error={shownError}>
      <select
        {...fieldControlProps({ id, label, error: shownError, markRequired: true })}
        className={`form-select${shownError ? ' is-invalid' : ''}`}
        disabled={disabled || !options.data}
        {...registration}
      >
        <option value="">
          {options.isFetching && !options.data
            ? 'Loading…'
            : disabled
              ? 'Choose a funeral home first'
              : 'Select'}
        </option>
        {options.data?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {failed && (
        <button type="button" className="btn btn-link btn-sm px-0" onClick={() => void options.refetch()}>
          Try again
        </button>
      )}
    </FieldFrame>
  );
}

export const UNLISTED_HOME =
  'That funeral home is not listed at the moment. Please choose the home that should receive your wishes.';

function FuneralForm({
  homes,
  fixedHome,
  initialHomeId,
  unlisted,
  onHomeChange,
}: {
  homes: FuneralHomeItem[];
  fixedHome: FuneralHomeItem | null;
  initialHomeId: number | null;
  unlisted: boolean;
  onHomeChange?: (id: number | null) => void;
}) {
  const user = useSessionUser();
  const dialog = useDialog();
  const navigate = useNavigate();
  const send = useSendFuneralForm();
  const { register, handleSubmit, watch, setValue, errorOf, summary } = useBodyForm<FuneralFormValues>({
    schema: funeralFormSchema,
    defaultValues: emptyFuneralForm(fixedHome?.id ?? initialHomeId),
    failure: send.isError ? send.error : null,
  });
  const chosen = watch('user_id');
  const homeId = /^[1-9]\d*$/.test(chosen) ? Number(chosen) : null;
  const services = useHomeOptions('services', homeId);
  const locations = useHomeOptions('locations', homeId);

  // Another home offers other types and locations: a choice made for the first one no longer holds.
  useEffect(() => {
    setValue('service_id', '');
    setValue('location_id', '');
  }, [homeId, setValue]);
  // The choice goes into the address, so it survives a reload.
  useEffect(() => {
    onHomeChange?.(homeId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the choice itself changes
  }, [homeId]);

  const name = user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '';

  const submit = (values: FuneralFormValues) => {
    if (send.isPending) return;
    send.mutate(
      { homeId: Number(values.user_id), body: toFuneralFormBody(values) },
      {
        onSuccess: async (response) => {
          await dialog({ variant: 'success', title: 'Form sent', text: response.message });
          void navigate('/user/profile');
        },
      },
    );
  };
  const text = (field: keyof FuneralFormValues) => ({
    maxLength: FORM_TEXT_MAX,
    rows: 3,
    error: errorOf(field),
    ...register(field),
  });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="card p-3 p-sm-4">
      <div className="row g-0 gx-sm-3">
        <TextField id="form-name" label="Name" value={name} readOnly className="mb-3 col-sm-6" />
        <TextField
          id="form-email"
          label="Email"
          value={user?.email ?? ''}
          readOnly
          className="mb-3 col-sm-6"
        />
      </div>
      {fixedHome ? (
        <div className="mb-3">
          <p className="form-label mb-1" id="form-home-label">
            Funeral Home
          </p>
          <div className="border rounded p-2" aria-labelledby="form-home-label" role="group">
            <FuneralHomeSummary home={fixedHome} />
          </div>
        </div>
      ) : (
        <FieldFrame id="form-home" label="Funeral Home" markRequired error={errorOf('user_id')}>
          {unlisted && (
            <p className="alert alert-warning py-2 mb-2" role="status">
              {UNLISTED_HOME}
            </p>
          )}
          <select
            {...fieldControlProps({
              id: 'form-home',
              label: 'Funeral Home',
              error: errorOf('user_id'),
              markRequired: true,
            })}
            className={`form-select${errorOf('user_id') ? ' is-invalid' : ''}`}
            {...register('user_id')}
          >
            <option value="">Choose a funeral home</option>
            {homes.map((home) => (
              <option key={home.id} value={home.id}>
                {home.address ? `${home.home_name} — ${home.address}` : home.home_name}
              </option>
            ))}
          </select>
        </FieldFrame>
      )}
      <OptionSelect
        id="form-service"
        label="Type of Services"
        options={services}
        error={errorOf('service_id')}
        disabled={homeId === null}
        registration={register('service_id')}
      />
      <OptionSelect
        id="form-location"
        label="Location of Services"
        options={locations}
        error={errorOf('location_id')}
        disabled={homeId === null}
        registration={register('location_id')}
      />
      <TextAreaField
        id="form-speaker"
        label="Officiant/Speaker Preferences"
        markRequired
        {...text('speaker')}
      />
      <TextAreaField id="form-music" label="Music" {...text('music')} />
      <TextAreaField id="form-additional" label="Additional Requests" {...text('additional_requests')} />
      <TextAreaField id="form-rituals" label="Specific Rituals" {...text('specific_rituals')} />
      <TextAreaField id="form-requests" label="Specific Requests" {...text('specific_requests')} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <FormError message={summary} />
    </form>
  );
}
