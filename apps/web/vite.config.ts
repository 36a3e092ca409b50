import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `@/x` is `src/x`: the same alias as tsconfig.json `paths`, for the build and Vitest. */
const sourceRoot = fileURLToPath(new URL('./src/', import.meta.url));
/** Bare `zod`, from the app or the contracts, is zod with its compiler turned off (lib/zod-jitless.ts). */
const zodJitless = fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: sourceRoot },
      { find: /^zod$/, replacement: zodJitless },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod with the module that turns its compiler off (lib/zod-jitless.ts), in one chunk that every
          // schema's chunk imports and no public page's shell needs: the setting is made before any
          // schema is built, whichever chunk the contracts land in. Otherwise zod probes for `eval` as
          // each object schema is built, which the Content-Security-Policy reports as a violation
          // (decision 0100).
          groups: [
            {
              name: 'zod',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/,
              priority: 3,
            },
            // What every page loads (React, the router, the query client, the route table), in one file
            // rather than in the pieces the lazy chunks happen to share: each file of a first visit costs
            // a request and its headers (decision 0288).
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The public site's frame (header, footer) with what it draws, in one file. The account menu
            // comes apart, with the first signed-in header: a visitor never draws it.
            {
              name: 'site-layout',
              test: /[\\/]src[\\/]app[\\/]layouts[\\/](SiteLayout|SiteHeader|Footer)\.tsx$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // See vitest.setup.ts: two shared cores.
    testTimeout: 20_000,
    // A worker keeps its modules and its window from one file to the next: setting up jsdom and importing
    // the pages again for each file was two thirds of the suite's time. vitest.setup.ts resets what a
    // test may leave behind (rendered trees, storage, the history, the fake API's handlers).
    isolate: false,
    // For the timings printed after `npm test` (scripts/test-stages).
    reporters: process.env.TEST_REPORT_DIR
      ? ['default', ['json', { outputFile: path.join(process.env.TEST_REPORT_DIR, 'web.json') }]]
      : ['default'],
  },
});
