import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { DialogProvider } from '@/components/dialog/DialogProvider';
import { patchRoutesOnNavigation, routes } from '@/app/router';

/**
 * The real route table (loaders and lazy routes) drawn in memory at `path`, with the app's providers.
 * `close` waits until nothing of the page is still asking, so the next test's fake API records only its own
 * calls, then unmounts.
 */
export function renderAppRoutes(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <DialogProvider>
        <RouterProvider router={router} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  const close = async () => {
    await waitFor(() => expect(client.isFetching()).toBe(0));
    view.unmount();
    router.dispose();
  };
  return { router, view, client, close };
}
