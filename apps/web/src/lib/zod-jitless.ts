import { config } from 'zod/v4/core';

/**
 * The server's Content-Security-Policy allows no `eval` (docs/decisions/0100-security-headers.md).
 * zod compiles object parsers with `new Function` when it may, and finds out by trying, which the
 * browser reports as a policy violation. Told up front, it parses without compiling.
 *
 * The build resolves every `import … from 'zod'` (the app's and the contracts') to this module
 * (vite.config.ts), so the setting is made before any module that builds a schema runs, in whatever
 * chunk that module lands — and zod loads with the first page that needs it, not with the shell.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default, z } from 'zod/v4';
