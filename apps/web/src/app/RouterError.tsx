import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * A page's code that could not be fetched, as each browser words it (Chromium, Firefox, Safari): the
 * network went, or a new release replaced the file the open tab asked for.
 */
const FAILED_LOAD = /dynamically imported module|module script failed/i;

/**
 * docs/product.md §13.5: router fallback screen, heading 'Unexpected Application Error!' with status or
 * message. A page whose code could not be fetched says so in words and offers a reload, which asks for
 * the page anew (and for the files of the release now served).
 */
export function RouterError() {
  const error = useRouteError();
  const failedLoad = error instanceof Error && FAILED_LOAD.test(error.message);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : failedLoad
      ? 'This page could not be downloaded. Check your connection, then try again.'
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <main className="container py-5">
      <h1 className="h3">Unexpected Application Error!</h1>
      <p className="text-body-secondary">{detail}</p>
      {failedLoad && (
        <button type="button" className="btn btn-primary me-3" onClick={() => window.location.reload()}>
          Try again
        </button>
      )}
      <a href="/home">Back to home</a>
    </main>
  );
}
