import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { apiServer } from './src/test/fake-api';

// The machines that run the suite have two cores, often shared: the first render of a test file loads
// its page's modules, and typing into forms is slow, so the defaults (1 s for findBy/waitFor, 5 s per
// test) fail healthy tests there. A broken test still fails, only later.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A worker keeps its window from one file to the next (vite.config.ts: isolate off): a test that
  // navigated the real history must not make the next one's page think it was not opened first.
  window.history.replaceState(null, '', '/');
  apiServer.resetHandlers();
});
afterAll(() => apiServer.close());
