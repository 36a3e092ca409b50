import { RouterProvider } from 'react-router';
import { DialogProvider } from '@/components/dialog/DialogProvider';
import { router } from './router';

/**
 * The app's root: dialogs and the router. TanStack Query's client sits below it, on every route but the
 * visitor's home page (lib/query-client.tsx); an expired session is handled by the API client (lib/api.ts).
 */
export function App() {
  return (
    <DialogProvider>
      <RouterProvider router={router} />
    </DialogProvider>
  );
}
