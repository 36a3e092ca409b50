import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compose } from './composition';
import { mailOutbox } from './platform/mail/mail.schema';
import { createTestContext, readOutbox, type TestContext } from '../test/helpers';
import { signUpUser } from './modules/accounts/accounts.fixtures';

describe('the start and the outbox kinds', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  /** A row as an earlier version wrote it, its kind the stored string (never renamed). */
  const storedRow = (kind: string, accountId: number, params: Record<string, string | number | null>) =>
    ctx.deps.db
      .insert(mailOutbox)
      .values({
        kind,
        toEmail: `${kind}@mail.test`,
        messageId: `<${kind}.stored@pw.test>`,
        accountId,
        params,
      })
      .returning({ id: mailOutbox.id });

  it('a row queued before an upgrade is sent by the kind its module registers now', async () => {
    const owner = await signUpUser(ctx);
    const [row] = await storedRow('legacy.reporter-cancelled', owner.id, { name: 'Ann' });
    expect(await ctx.deps.legacy.sendMail(row!.id)).toBe('sent');
    const sent = (await readOutbox(ctx.dataDir)).find((m) => m.to === 'legacy.reporter-cancelled@mail.test');
    expect(sent?.subject).toBe('The report has been cancelled');
    expect(sent?.text).toContain('Hello Ann,');
  });

  it('refuses to start while rows to send are of a kind no module registers, naming it', async () => {
    const owner = await signUpUser(ctx);
    await storedRow('gone.kind', owner.id, {});
    const start = compose(ctx.config, pino({ level: 'silent' }), {
      database: ctx.deps.database,
      clock: ctx.clock,
    });
    await expect(start).rejects.toThrow(
      'The mail outbox holds rows to send of kind gone.kind, which no module registers',
    );
  });
});
