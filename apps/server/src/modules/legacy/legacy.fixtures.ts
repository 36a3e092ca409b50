import { and, inArray, like } from 'drizzle-orm';
import type { TestContext } from '../../../test/helpers';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { legacySettings } from './legacy.schema';

/**
 * The owner chose 'available at once' (today's behaviour): for tests of what happens after an access
 * code opens a final message, whose owners were written directly (no session to call the API with).
 */
export async function openAtOnce(ctx: TestContext, ownerId: number) {
  await ctx.deps.db
    .insert(legacySettings)
    .values({ userId: ownerId, state: 'open', availableAtOnce: true })
    .onConflictDoUpdate({ target: legacySettings.userId, set: { state: 'open', availableAtOnce: true } });
}

/** Sends every unsent outbox row now, as the `legacy.mail` worker would (tests run no workers). */
export async function flushLegacyMails(ctx: TestContext) {
  const rows = await ctx.deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(like(mailOutbox.kind, 'legacy.%'), inArray(mailOutbox.state, ['queued', 'failed'])));
  for (const row of rows) await ctx.deps.legacy.sendMail(row.id);
}

/** The token of a legacy link in an e-mail's text (`/legacy/contact/…`, `/legacy/alive/…`, `/watch/…`). */
export function linkToken(text: string, kind: 'contact' | 'alive' | 'watch'): string {
  const path = kind === 'watch' ? '/watch/' : `/legacy/${kind}/`;
  const match = new RegExp(`${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]+)`).exec(text);
  return match?.[1] ?? '';
}
