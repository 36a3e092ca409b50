import { Navigate, useLocation, useNavigate } from 'react-router';
import { GRANT_EMAIL_FAILED, grantAccessBody } from '@pw/contracts';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { useDialog } from '@/components/dialog/DialogProvider';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Icon } from '@/components/Icon';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useGoBack } from '@/lib/use-go-back';
import { useTitle } from '@/lib/use-title';
import { useFuneralHomes } from '../api/get-funeral-homes';
import { useGrantAccess } from '../api/grant-access';
import { grantAccessStateOf, type FuneralFormState } from '../model/navigation-state';
import { FuneralHomeList } from './FuneralHomeList';

/** The page after a grant to a home: the Funeral Home Form for that home (docs/product.md §8.2). */
export const FUNERAL_FORM_PATH = '/user/access-code/form/request';

type Option = 'funeral-home' | 'other';

/** What a grant allows, in plain words, before it is made (the rules the server keeps). */
export const HOME_MAY = [
  'It may watch the video as soon as access is granted.',
  "If this is a final message (My Parting Words), it may publish it only after its author's passing is confirmed.",
  "Until the funeral home publishes it, the video's owner can revoke this access at any time.",
];
export const PERSON_MAY =
  "They receive an e-mail with a private link to watch the video; no account is needed. They cannot publish it, and the video's owner can revoke the link at any time.";

/** docs/product.md §13.4: type 1 a funeral home, type 0 another person ('Other', §5). */
const OPTIONS: { value: Option; label: string }[] = [
  { value: 'funeral-home', label: 'Funeral Home' },
  { value: 'other', label: 'Other' },
];

/**
 * /user/access-code/form (Grant access, docs/product.md §13.3): opened with the video's id in navigation state
 * (from the access-code video or the owner's final video), else it goes to /user/profile. Option
 * Funeral Home picks a listed home; option Other takes an e-mail and its button stays disabled until
 * the e-mail is valid (docs/product.md §13.6).
 */
export function GrantAccessPage() {
  useTitle('Grant access');
  const location = useLocation();
  const state = grantAccessStateOf(location.state);
  if (!state) return <Navigate to="/user/profile" replace />;
  return <GrantAccessForm videoId={state.videoId} />;
}

function GrantAccessForm({ videoId }: { videoId: number }) {
  const navigate = useNavigate();
  const dialog = useDialog();
  const goBack = useGoBack('/user/profile');
  const homes = useFuneralHomes();
  const grant = useGrantAccess(videoId);
  // No check on sending: the button waits until the choice is made, or the e-mail passes the contract's rule.
  const { register, watch, setValue, handleSubmit } = useBodyForm<{
    option: Option;
    homeId: number | null;
    email: string;
  }>({ defaultValues: { option: 'funeral-home', homeId: null, email: '' } });
  const [option, homeId, email] = watch(['option', 'homeId', 'email']);

  const home = homes.data?.find((each) => each.id === homeId) ?? null;
  const emailValid = grantAccessBody.shape.email.safeParse(email).success;
  const ready = option === 'funeral-home' ? home !== null : emailValid;
  const failure = grant.isError ? errorMessage(grant.error, GRANT_EMAIL_FAILED) : null;
  const emailError = option === 'other' ? fieldErrors(grant.error).email : undefined;

  const submit = handleSubmit(() => {
    if (!ready || grant.isPending) return;
    if (option === 'funeral-home' && home) {
      grant.mutate(
        { type: 1, email: home.email },
        {
          onSuccess: () => {
            const next: FuneralFormState = { homeId: home.id, videoId };
            void navigate(FUNERAL_FORM_PATH, { state: next });
          },
        },
      );
      return;
    }
    const to = email.trim();
    grant.mutate(
      { type: 0, email: to },
      {
        onSuccess: async (response) => {
          setValue('email', '');
          await dialog({
            variant: 'success',
            title: 'Access granted',
            text: response.message || `We sent ${to} a private link to watch this video.`,
          });
          goBack();
        },
      },
    );
  });

  return (
    <div className="container py-4 page-narrow">
      <button type="button" className="btn btn-outline-secondary btn-sm mb-3" onClick={() => goBack()}>
        <Icon svg={arrowLeftIcon} className="me-1" />
        Back to the video
      </button>
      <h1 className="h3 mb-2">Grant access</h1>
      <p className="text-body-secondary">
        Hand this video to the funeral home that will play it at the service, or send another person a private
        link to watch it.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="card p-3 p-sm-4">
        <fieldset className="mb-3">
          <legend className="form-label fs-6 fw-semibold">Grant access to</legend>
          <div className="d-flex flex-wrap gap-3">
            {OPTIONS.map(({ value, label }) => (
              <div className="form-check" key={value}>
                <input
                  id={`grant-${value}`}
                  className="form-check-input"
                  type="radio"
                  value={value}
                  {...register('option', { onChange: () => grant.reset() })}
                />
                <label className="form-check-label" htmlFor={`grant-${value}`}>
                  {label}
                </label>
              </div>
            ))}
          </div>
        </fieldset>

        {option === 'funeral-home' ? (
          <section aria-labelledby="grant-homes-heading" className="mb-3">
            <h2 id="grant-homes-heading" className="form-label fs-6 fw-semibold">
              Choose a funeral home
            </h2>
            {homes.isPending ? (
              <Loading label="Loading funeral homes…" />
            ) : homes.isError ? (
              <ErrorState onRetry={() => void homes.refetch()} />
            ) : homes.data.length === 0 ? (
              <EmptyState text="No funeral homes are listed yet.">
                <p className="text-body-secondary mb-0">
                  You can still send this video to a person with the option Other.
                </p>
              </EmptyState>
            ) : (
              <FuneralHomeList
                homes={homes.data}
                value={homeId}
                onChange={(id) => {
                  setValue('homeId', id);
                  grant.reset();
                }}
                disabled={grant.isPending}
              />
            )}
            <div className="mt-3 p-3 rounded bg-body-tertiary">
              <h3 id="grant-home-may-heading" className="fs-6 fw-semibold">
                What the funeral home may do
              </h3>
              <ul className="mb-0 ps-3">
                {HOME_MAY.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <p className="form-text mb-0">
              After access is granted you can send the home your Funeral Home Form.
            </p>
          </section>
        ) : (
          <TextField
            id="grant-email"
            label="Email"
            type="email"
            autoComplete="email"
            markRequired
            maxLength={254}
            {...register('email', {
              onChange: () => {
                if (grant.isError) grant.reset();
              },
            })}
            error={emailError}
            hint={PERSON_MAY}
          />
        )}

        <div>
          <button type="submit" className="btn btn-primary" disabled={!ready || grant.isPending}>
            {grant.isPending ? 'Granting…' : 'Grant access'}
          </button>
        </div>
        <FormError message={emailError ? null : failure} />
      </form>
    </div>
  );
}
