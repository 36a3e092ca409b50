import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';

/**
 * The one TanStack Query client of the app. Only code loaded lazily imports this module, so a
 * visitor's first page (/home), which asks the server for nothing, does not load TanStack Query at all
 * (docs/decisions/0288).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** A layout route giving its pages the client: every route but the visitor's home page sits under it. */
export function QueryRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

/** A lazily loaded part of a page outside `QueryRoot` (the header's bell on /home) gets the client too. */
export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const WithQueryClient = (props: P) => (
    <QueryClientProvider client={queryClient}>
      <Component {...props} />
    </QueryClientProvider>
  );
  return WithQueryClient;
}

/** Forgets every cached answer (logout, an expired session). */
export function clearQueryCache(): void {
  queryClient.clear();
}
