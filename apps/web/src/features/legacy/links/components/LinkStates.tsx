import { Link } from 'react-router';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError, errorMessage } from '@/lib/api';
import { useTitle } from '@/lib/use-title';

export const LINK_GONE_TITLE = 'This link is no longer valid';

/** The page of an unknown, replaced or ended link (the server answers 404). */
export function LinkGone() {
  useTitle('Link no longer valid');
  return (
    <div className="container py-5 page-narrow text-center">
      <h1 className="h3">{LINK_GONE_TITLE}</h1>
      <p className="text-body-secondary">
        A newer e-mail may have replaced it, or what it was sent for has ended. Please use the link in the
        most recent e-mail you received from Parting Words.
      </p>
      <Link to="/home" className="btn btn-primary">
        Go to home
      </Link>
    </div>
  );
}

/** A link page whose read failed: 404 is a link that no longer works, anything else can be tried again. */
export function LinkLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) return <LinkGone />;
  return (
    <div className="container py-4 page-narrow">
      <ErrorState message={errorMessage(error, 'Unable to fetch data')} onRetry={onRetry} />
    </div>
  );
}
