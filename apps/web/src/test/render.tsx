import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
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
  const view = render(
    <QueryClientProvider client={queryClient}>
      <DialogProvider>
        <MemoryRouter initialEntries={[state === undefined ? route : { pathname: route, state }]}>
          {ui}
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

/** A list screen rendered at `route`, its URL's query string (the list's state) shown in `data-testid="where"`. */
export const renderWithSearch = (ui: ReactElement, route: string) =>
  renderWithApp(
    <>
      {ui}
      <Where />
    </>,
    { route },
  );

/** A screen mounted at its route pattern (`/legacy/alive/:token`) and opened at `route`, so it reads its params. */
export const renderAtRoute = (path: string, element: ReactElement, route: string = path) =>
  renderWithApp(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { route },
  );

/**
 * Waits until a screen is idle: the lazily loaded parts given have loaded and been drawn, and no query
 * is in flight. A test proving that something was not asked waits for this, never for a fixed time: a
 * part drawn by mistake would have started its query by then, and the fake API recorded it.
 */
export async function settled(queryClient: QueryClient, lazyParts: Array<Promise<unknown>> = []) {
  await act(async () => {
    await Promise.all(lazyParts);
  });
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
}
