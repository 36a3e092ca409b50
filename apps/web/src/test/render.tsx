import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DialogProvider } from '../components/dialog/DialogProvider';

/** Renders a screen with the app's providers around it and a fresh query cache. */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
}
