import { z } from 'zod';

/**
 * The server's Content-Security-Policy allows no `eval` (docs/decisions/0100-security-headers.md).
 * zod compiles object parsers with `new Function` when it may, and finds out by trying, which the
 * browser reports as a policy violation. Told up front, it parses without compiling. Imported first
 * by main.tsx: zod reads the setting when each schema is built, and the contracts build theirs on import.
 */
z.config({ jitless: true });
