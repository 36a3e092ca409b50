import { Link, useParams } from 'react-router';
import { ADDRESS_CHECK_MESSAGES, SCHEDULED_FOLDER_PAGE } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDay, formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useAddressDetails, useConfirmAddress, type AddressDetails } from '../api/confirm-address';

/** The e-mail's answer, the page's button too. */
export const STILL_RIGHT = 'Still right';

/** Answers that trying again cannot change: an unknown, expired or changed link. */
const isFinal = (error: unknown) => error instanceof ApiError && [404, 409, 410].includes(error.status);

/**
 * /delivery/address/{token}: the 'Still right' link of the yearly address check (docs/product.md §5.9),
 * without signing in. Opening it changes nothing (mail scanners follow links): it reads what the link
 * asks about and names it (the video, the address, the day) before the button; only the button confirms,
 * and the page then shows what was confirmed (docs/product.md §5.9). A link that no longer works says so at
 * once.
 */
export function AddressConfirmPage() {
  useTitle(ADDRESS_CHECK_MESSAGES.pageTitle);
  const token = useParams().token ?? '';
  const details = useAddressDetails(token);
  const confirm = useConfirmAddress(token);
  const refusal = [confirm.error, details.error].find(isFinal);
  let content;
  if (confirm.isSuccess) content = <Confirmed title={confirm.data.message} data={confirm.data.data} />;
  else if (refusal) content = <Refused message={errorMessage(refusal)} />;
  else if (details.isPending) content = <Loading label={ADDRESS_CHECK_MESSAGES.reading} />;
  else if (details.data?.confirmed_at)
    content = <Confirmed title={ADDRESS_CHECK_MESSAGES.alreadyConfirmed} data={details.data} />;
  else content = <Question details={details.data} confirm={confirm} />;
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <h1 className="h3">{ADDRESS_CHECK_MESSAGES.pageTitle}</h1>
      {content}
    </div>
  );
}

/** The video, the address and the day the link is about (`confirmed_at` too once there is one). */
function DeliveryFacts({ data }: { data: AddressDetails }) {
  return (
    <dl>
      <dt>Video</dt>
      <dd className="text-break">{data.video_title}</dd>
      <dt>Recipient</dt>
      <dd className="text-break">{data.recipient_email}</dd>
      {/* The day only: the reader's zone may not be the one the owner scheduled in. */}
      <dt>Delivery</dt>
      <dd>{formatDay(data.due_at)}</dd>
      {data.confirmed_at && (
        <>
          <dt>Address confirmed on</dt>
          <dd>{formatWhen(data.confirmed_at)}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The question, naming what it is about when the page could read it (a read that failed for a passing
 * reason leaves the question without them: the button may still work).
 */
function Question({
  details,
  confirm,
}: {
  details: AddressDetails | undefined;
  confirm: ReturnType<typeof useConfirmAddress>;
}) {
  return (
    <section className="card p-3 p-sm-4" aria-labelledby="address-heading">
      <h2 id="address-heading" className="h5">
        Is the recipient&apos;s address still right?
      </h2>
      {details ? (
        <>
          <p>You scheduled this video to be delivered more than a year from now:</p>
          <DeliveryFacts data={details} />
          <p>
            Is <strong className="text-break">{details.recipient_email}</strong> still the right address?
            Confirming changes nothing else.
          </p>
        </>
      ) : (
        <p>
          You have a video scheduled to be delivered more than a year from now. Confirm that its
          recipient&apos;s address is still right; nothing else changes.
        </p>
      )}
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
  );
}

function Confirmed({ title, data }: { title: string; data: AddressDetails }) {
  return (
    <section className="card p-3 p-sm-4" aria-labelledby="address-done" aria-live="polite">
      <h2 id="address-done" className="h5">
        {title}
      </h2>
      <DeliveryFacts data={data} />
      <p className="mb-0 text-body-secondary">You can close this page.</p>
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
