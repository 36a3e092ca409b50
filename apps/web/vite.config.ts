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
  build: { sourcemap: false, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // See vitest.setup.ts: two shared cores.
    testTimeout: 20_000,
  },
});
