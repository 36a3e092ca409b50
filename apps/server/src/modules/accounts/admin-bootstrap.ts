import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../platform/deps';
import { users } from './accounts.schema';
import { hashPassword } from './passwords';

/**
 * Admins are not signed up (PRODUCT.md): the first one comes from ADMIN_EMAIL/ADMIN_PASSWORD on first
 * start; without them one is created with a random password, printed once.
 */
export async function ensureFirstAdmin(deps: Pick<AppDeps, 'db' | 'config' | 'logger'>): Promise<void> {
  const [existing] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.type, 'admin'))
    .limit(1);
  if (existing) return;
  const email = (deps.config.ADMIN_EMAIL ?? 'admin@partingwords.local').toLowerCase();
  const generated = !deps.config.ADMIN_PASSWORD;
  const password = deps.config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  await deps.db
    .insert(users)
    .values({
      type: 'admin',
      email,
      passwordHash: await hashPassword(password),
      firstName: 'Site',
      lastName: 'Admin',
    })
    .onConflictDoNothing();
  if (generated) {
    // Printed once, on the console only: it is not stored anywhere in clear.
    process.stdout.write(
      `\nFirst administrator created.\n  e-mail:   ${email}\n  password: ${password}\nChange it in /admin/profile/change-password.\n\n`,
    );
  } else {
    deps.logger.info({ email }, 'first administrator created from ADMIN_EMAIL');
  }
}
