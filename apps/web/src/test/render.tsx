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

export interface RecordedCall {
  method: string;
  path: string;
  body: BodyInit | null | undefined;
}

/**
 * Answers the client's fetch calls from a table of handlers keyed by "METHOD /path" (the server is
 * not part of a component test; the Playwright specs exercise the real one).
 */
export function fakeServer(
  handlers: Record<string, (call: RecordedCall) => { status?: number; body: unknown }>,
) {
  const calls: RecordedCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init?.method ?? 'GET', path: url.pathname + url.search, body: init?.body };
    calls.push(call);
    const handler = handlers[`${call.method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    const { status = 200, body } = handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetch: fetchMock as typeof fetch };
}
