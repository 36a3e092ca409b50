import { lazy, Suspense } from 'react';
import type { NotificationArea } from '../model/areas';

// The bell brings react-bootstrap's dropdown and Popper; loading it apart keeps them off the public
// pages' first load (the same header shows to visitors, who get no bell).
// It brings the query client with it: on /home the header sits outside the routes that have one.
const NotificationBell = lazy(async () => {
  const [{ NotificationBell: Bell }, { withQueryClient }] = await Promise.all([
    import('./NotificationBell'),
    import('@/lib/query-client'),
  ]);
  return { default: withQueryClient(Bell) };
});

const PLACEHOLDER = { display: 'inline-block', width: '2.75rem', height: '2.75rem' } as const;

/** The bell as the signed-in headers place it: a same-size placeholder until its code has loaded. */
export function HeaderBell({ area }: { area: NotificationArea }) {
  return (
    <Suspense fallback={<span style={PLACEHOLDER} aria-hidden="true" />}>
      <NotificationBell area={area} />
    </Suspense>
  );
}
