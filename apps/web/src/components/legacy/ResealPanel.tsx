import type { ResealResult } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { formatWhen } from '@/lib/dates';

export const RESEAL_BUTTON = 'Seal my message again';

/** What a reseal answered: what is sealed again, and which homes published it already (whom to ask). */
function ResealOutcome({ message, result }: { message: string; result: ResealResult }) {
  return (
    <div role="status">
      <p className="alert alert-success">{message}</p>
      {result.published.length === 0 ? (
        <p className="mb-0">No funeral home had published it: nobody else can see it now.</p>
      ) : (
        <>
          <p>
            Already published before you sealed it again — publishing cannot be undone here, so ask these
            funeral homes to take it down (they have been told too):
          </p>
          <ul className="mb-0">
            {result.published.map((home) => (
              <li key={home.email} className="text-break">
                <strong>{home.home_name || home.email}</strong>, published {formatWhen(home.published_at)}:{' '}
                <a href={`mailto:${home.email}`}>{home.email}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * An owner alive after their final message was released (docs/product.md §6.6): says plainly what
 * happened and offers to seal it again; the alive link's page and the signed-in card both show it.
 */
export function ResealPanel(props: {
  releasedAt: string | null;
  pending: boolean;
  error: string | null;
  outcome: { message: string; data: ResealResult } | undefined;
  onSeal: () => void;
}) {
  if (props.outcome) return <ResealOutcome message={props.outcome.message} result={props.outcome.data} />;
  return (
    <section className="border border-warning rounded p-3 mb-3" aria-labelledby="reseal-heading">
      <h3 id="reseal-heading" className="h5">
        Your final message has been released
      </h3>
      <p>
        A passing was reported and nobody cancelled it in time
        {props.releasedAt ? `, so your final message was released on ${formatWhen(props.releasedAt)}` : ''}:
        its access code opens it, and your trusted contacts were sent a link to watch it.
      </p>
      <p>
        If this was a mistake, seal it again: the access code and the links stop opening it, access that
        others granted and no funeral home has published yet is withdrawn, and your trusted contacts and those
        funeral homes are told by e-mail.
      </p>
      <button type="button" className="btn btn-warning" disabled={props.pending} onClick={props.onSeal}>
        {props.pending ? 'Sealing…' : RESEAL_BUTTON}
      </button>
      <FormError message={props.error} />
    </section>
  );
}
