import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DialogProvider } from '@/components/dialog/DialogProvider';

/**
 * Renders a screen with the app's providers around it and a fresh query cache; `state` is the
 * navigation state of the starting entry (what the browser keeps across a reload).
 */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', state }: { route?: string; state?: unknown } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <MemoryRouter initialEntries={[state === undefined ? route : { pathname: route, state }]}>
          {ui}
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
}
