import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, which also closes the browser contexts a test opened itself (`pageFor`,
 * `visitorPage`, `browser.newContext`) when it ends. Playwright closes only the context behind the
 * `page` fixture: the others stayed open for the rest of the worker's run, each signed-in app still
 * polling the server, animating and playing beside every later test, and they took a growing share of the
 * two cores (Chromium was most of the run's CPU). Specs import `test` from here (a lint rule says so).
 */
export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
