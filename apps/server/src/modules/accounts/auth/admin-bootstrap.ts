import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/platform';
import { users } from '../accounts.schema';
import { hashPassword } from './passwords';

/**
 * ADMIN_NAME as the accounts table holds names: the first word is the first name (the one greetings
 * use), the rest the last name ('Ludwig van Beethoven' → 'Ludwig', 'van Beethoven'). No name gives
 * two empty strings, never a placeholder that would greet the admin as someone they are not.
 */
export function splitName(fullName: string | undefined): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Admins are not signed up (docs/product.md §1.1): the first one comes from ADMIN_EMAIL/ADMIN_PASSWORD (and
 * ADMIN_NAME) on first start; without them one is created with a random password, printed once.
 */
export async function ensureFirstAdmin(deps: Pick<Platform, 'db' | 'config' | 'logger'>): Promise<void> {
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, 'admin'))
    .limit(1);
  if (existing) return;
  const email = (deps.config.ADMIN_EMAIL ?? 'admin@partingwords.local').toLowerCase();
  const generated = !deps.config.ADMIN_PASSWORD;
  const password = deps.config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  // Processes starting together may all find no admin: only the one whose row went in says so.
  const inserted = await deps.db
    .insert(users)
    .values({
      type: 'admin',
      email,
      passwordHash: await hashPassword(password),
      ...splitName(deps.config.ADMIN_NAME),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return;
  if (generated) {
    // Printed once, on the console only: it is not stored anywhere in clear.
    process.stdout.write(
      `\nFirst administrator created.\n  e-mail:   ${email}\n  password: ${password}\nChange it in /admin/profile/change-password.\n\n`,
    );
  } else {
    deps.logger.info({ email }, 'first administrator created from ADMIN_EMAIL');
  }
}
