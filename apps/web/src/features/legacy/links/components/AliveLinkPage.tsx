import { useParams } from 'react-router';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { ReportSent } from '@/components/legacy/ReportPassingForm';
import { errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { ResealPanel } from '@/components/legacy/ResealPanel';
import { formatWhen } from '@/lib/dates';
import { useAlive, useAlivePage, useResealByAlive, type AlivePage } from '../api/alive-link';
import { LinkLoadFailed } from './LinkStates';
import { LEGACY_MESSAGES } from '@pw/contracts';

// The two buttons say what they do in the owner's own voice (docs/product.md §6.4, §6.5); the first is the mail's too.
export const HERE_BUTTON = "I'm here";

/**
 * /legacy/alive/{token}: the owner's link from a report's or a check-in's e-mail, without signing in
 * (docs/product.md §6). Opening it changes nothing (mail scanners follow links): only the button posts, and the
 * page then shows the server's answer.
 */
export function AliveLinkPage() {
  useTitle('Are You There?');
  const token = useParams().token ?? '';
  const page = useAlivePage(token);
  if (page.isPending) return <Loading />;
  if (page.isError) return <LinkLoadFailed error={page.error} onRetry={() => void page.refetch()} />;
  return <AliveAnswer token={token} page={page.data} />;
}

/** After a release the link is the way back: what happened, and sealing the message again. */
function ResealAnswer({ token, page }: { token: string; page: AlivePage }) {
  const reseal = useResealByAlive(token);
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <h1 className="h3 text-break">Hello {page.first_name}</h1>
      <ResealPanel
        releasedAt={page.released_at}
        pending={reseal.isPending}
        error={reseal.isError ? errorMessage(reseal.error) : null}
        outcome={reseal.data}
        onSeal={() => reseal.mutate()}
      />
    </div>
  );
}

function AliveAnswer({ token, page }: { token: string; page: AlivePage }) {
  const alive = useAlive(token);
  if (page.released_at) return <ResealAnswer token={token} page={page} />;
  // A check-in link also cancels a report that waits (the server's POST does both): say so.
  const reported = page.open_report;
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <h1 className="h3 text-break">Hello {page.first_name}</h1>
      {alive.isSuccess ? (
        <>
          <ReportSent message={alive.data.message} />
          <p className="mt-3 text-body-secondary">You can close this page.</p>
        </>
      ) : (
        <section className="card p-3 p-sm-4" aria-labelledby="alive-heading">
          {reported ? (
            <>
              <h2 id="alive-heading" className="h5">
                {LEGACY_MESSAGES.yourPassingReported}
              </h2>
              <p>
                Someone reported your passing to Parting Words. If you are alive, cancel the report: your
                final message stays sealed, and whoever reported it is told it was cancelled — not by whom or
                why.
              </p>
              {page.release_at && (
                <p>
                  Unless you cancel it, your final message will be released on{' '}
                  <strong>{formatWhen(page.release_at)}</strong>.
                </p>
              )}
              <p className="text-body-secondary">
                Nothing has been cancelled yet: only the button below does it.
              </p>
            </>
          ) : (
            <>
              <h2 id="alive-heading" className="h5">
                Please check in
              </h2>
              <p>
                {page.purpose === 'check-in'
                  ? 'You asked Parting Words to check in with you from time to time. Let us know you are here; your next check-in then starts from today.'
                  : 'No report is waiting now. You can still let us know you are here.'}
              </p>
            </>
          )}
          <div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={alive.isPending}
              onClick={() => alive.mutate()}
            >
              {alive.isPending ? 'Sending…' : reported ? LEGACY_MESSAGES.aliveButton : HERE_BUTTON}
            </button>
          </div>
          <FormError message={alive.isError ? errorMessage(alive.error) : null} />
        </section>
      )}
    </div>
  );
}
