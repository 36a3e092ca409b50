import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { DialogProvider } from '@/components/dialog/DialogProvider';
import { setUnauthorizedHandler } from '@/lib/api';
import { session } from '@/lib/session';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

// An expired or revoked session (401 on a request that carried a token) signs the person out here too;
// the area layouts then send them to the login page (docs/decisions/0023-expired-session.md).
setUnauthorizedHandler(() => {
  session.clear();
  queryClient.clear();
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <RouterProvider router={router} />
      </DialogProvider>
    </QueryClientProvider>
  );
}

export { queryClient };
