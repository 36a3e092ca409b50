import { Link, useParams } from 'react-router';
import { ADDRESS_CHECK_MESSAGES, SCHEDULED_FOLDER_PAGE } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { ApiError, errorMessage } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useConfirmAddress, type AddressConfirmed } from '../api/confirm-address';

/** The e-mail's answer, the page's button too. */
export const STILL_RIGHT = 'Still right';

/** Answers that trying again cannot change: an unknown, expired or changed link. */
const isFinal = (error: unknown) => error instanceof ApiError && [404, 409, 410].includes(error.status);

/**
 * /delivery/address/{token}: the 'Still right' link of the yearly address check (docs/product.md §5.9),
 * without signing in. Opening it changes nothing (mail scanners follow links): only the button confirms,
 * and the page then shows what was confirmed (decision 0367).
 */
export function AddressConfirmPage() {
  useTitle(ADDRESS_CHECK_MESSAGES.pageTitle);
  const token = useParams().token ?? '';
  const confirm = useConfirmAddress(token);
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <h1 className="h3">{ADDRESS_CHECK_MESSAGES.pageTitle}</h1>
      {confirm.isSuccess ? (
        <Confirmed answer={confirm.data} />
      ) : confirm.isError && isFinal(confirm.error) ? (
        <Refused message={errorMessage(confirm.error)} />
      ) : (
        <section className="card p-3 p-sm-4" aria-labelledby="address-heading">
          <h2 id="address-heading" className="h5">
            Is the recipient&apos;s address still right?
          </h2>
          <p>
            You have a video scheduled to be delivered more than a year from now. Confirm that its
            recipient&apos;s address is still right; nothing else changes.
          </p>
          <div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              {STILL_RIGHT}
            </button>
          </div>
          {confirm.isPending && <Loading label={ADDRESS_CHECK_MESSAGES.loading} className="py-3" />}
          <FormError message={confirm.isError ? errorMessage(confirm.error) : null} />
          <p className="mt-3 mb-0 text-body-secondary small">
            To change the address, sign in and open the video&apos;s schedule:{' '}
            <Link to={SCHEDULED_FOLDER_PAGE}>{ADDRESS_CHECK_MESSAGES.signIn}</Link>.
          </p>
        </section>
      )}
    </div>
  );
}

function Confirmed({ answer }: { answer: AddressConfirmed }) {
  const { data } = answer;
  return (
    <section className="card p-3 p-sm-4" aria-labelledby="address-done" aria-live="polite">
      <h2 id="address-done" className="h5">
        {answer.message}
      </h2>
      <dl className="mb-0">
        <dt>Video</dt>
        <dd className="text-break">{data.video_title}</dd>
        <dt>Recipient</dt>
        <dd className="text-break">{data.recipient_email}</dd>
        <dt>Delivery</dt>
        <dd>{formatWhen(data.due_at)}</dd>
        <dt>Address confirmed on</dt>
        <dd className="mb-0">{formatWhen(data.confirmed_at)}</dd>
      </dl>
      <p className="mt-3 mb-0 text-body-secondary">You can close this page.</p>
    </section>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <section className="card p-3 p-sm-4">
      <p className="text-danger" role="alert">
        {message}
      </p>
      <div>
        <Link to={SCHEDULED_FOLDER_PAGE} className="btn btn-primary">
          {ADDRESS_CHECK_MESSAGES.signIn}
        </Link>
      </div>
    </section>
  );
}
