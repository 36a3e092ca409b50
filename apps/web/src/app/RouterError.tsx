import { isRouteErrorResponse, useRouteError } from 'react-router';

/** docs/product.md §13.5: router fallback screen, heading 'Unexpected Application Error!' with status or message. */
export function RouterError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="container py-5">
      <h1 className="h3">Unexpected Application Error!</h1>
      <p className="text-body-secondary">{detail}</p>
      <a href="/home">Back to home</a>
    </main>
  );
}
