import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/** `@/x` is `src/x` (docs/decisions/0125): the same alias as tsconfig.json `paths`, for the build and Vitest. */
const sourceRoot = fileURLToPath(new URL('./src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@\//, replacement: sourceRoot }] },
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
          // schema's chunk imports: the setting is made before any schema is built, whichever chunk the
          // contracts land in. Otherwise zod probes for `eval` as each object schema is built, which
          // the Content-Security-Policy reports as a violation (decision 0100).
          groups: [
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/ },
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
  },
});
