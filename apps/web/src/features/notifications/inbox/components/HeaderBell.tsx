import { lazyPart } from '@/lib/lazy-part';
import type { NotificationArea } from '../model/areas';

// The bell brings react-bootstrap's dropdown and Popper; loading it apart keeps them off the public
// pages' first load (the same header shows to visitors, who get no bell).
// It brings the query client with it: on /home the header sits outside the routes that have one.
// Until it has loaded, or if it cannot load, a space of its size keeps the header still.
const NotificationBell = lazyPart(
  async () => {
    const [{ NotificationBell: Bell }, { withQueryClient }] = await Promise.all([
      import('./NotificationBell'),
      import('@/lib/query-client'),
    ]);
    return { default: withQueryClient(Bell) };
  },
  {
    loading: (
      <span style={{ display: 'inline-block', width: '2.75rem', height: '2.75rem' }} aria-hidden="true" />
    ),
  },
);

/** The bell as the signed-in headers place it: a same-size placeholder until its code has loaded. */
export function HeaderBell({ area }: { area: NotificationArea }) {
  return <NotificationBell area={area} />;
}
