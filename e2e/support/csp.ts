/// <reference lib="dom" />
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test as base } from './test';

/**
 * Playwright's `test` with one more, automatic, fixture: every page of the test's browser context is
 * watched for Content-Security-Policy violations, and the test fails if there was any — so a test file that
 * imports `test` from here proves its flow works under the server's policy
 * (docs/decisions/0100-security-headers.md). Chromium reports a violation twice: as a
 * `securitypolicyviolation` event in the page and as a console error; both are collected.
 */
export async function watchContentSecurityPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `[csp] ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const watch = (page: Page) =>
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('[csp]') || /Content Security Policy/i.test(text)) {
        violations.push(`${page.url()} — ${text}`);
      }
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchContentSecurityPolicy(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
