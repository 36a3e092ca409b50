import { RouterProvider } from 'react-router';
import { DialogProvider } from '@/components/dialog/DialogProvider';
import { setUnauthorizedHandler } from '@/lib/api';
import { session } from '@/lib/session';
import { router } from './router';

// An expired or revoked session (401 on a request that carried a token) signs the person out here too;
// the area layouts then send them to the login page (docs/decisions/0023-expired-session.md). The query
// cache is loaded with the first page that asks the server anything (lib/query-client.tsx).
setUnauthorizedHandler(() => {
  session.clear();
  void import('@/lib/query-client').then(({ clearQueryCache }) => clearQueryCache());
});

export function App() {
  return (
    <DialogProvider>
      <RouterProvider router={router} />
    </DialogProvider>
  );
}
