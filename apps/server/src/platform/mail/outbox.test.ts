import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { mailOutbox } from './mail.schema';
import { z } from 'zod';
import { render } from './templates';
import { bindMails, checkMails, defineMail, mailOf } from './define';

describe('the mail outbox (real SMTP)', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  const letter = (subject: string) =>
    render({ subject, name: 'Ruth', blocks: [{ paragraph: 'Hello there.' }] });
  // Kinds of this file's own, registered beside the modules' as a module registers its mails.
  const retried = defineMail({
    kind: 'test.retried',
    params: z.object({ aliveTokenId: z.number().int() }),
    compose: () => letter('Retried'),
  });
  const dropped = defineMail({ kind: 'test.dropped', params: z.object({}), compose: () => null });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
    const own = { name: 'outbox-test', mails: bindMails({}, [retried, dropped]) };
    await ctx.deps.outbox.useMails(checkMails([...ctx.composition.modules, own]));
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const rowOf = async (id: number) =>
    (await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  it('records a mail sent at once: the row says sent, with the Message-ID the server received', async () => {
    const row = await ctx.deps.outbox.send({
      mail: { kind: 'account-deleted', params: { firstName: 'Ruth' } },
      to: 'now@mail.test',
      accountId: 7,
      ref: 'account:7',
    });
    await smtp.waitFor((m) => m.some((x) => x.to === 'now@mail.test'));
    const [received] = smtp.messages.filter((m) => m.to === 'now@mail.test');
    const stored = await rowOf(row.id);
    expect(stored).toMatchObject({
      kind: 'account-deleted',
      toEmail: 'now@mail.test',
      state: 'sent',
      attempts: 1,
      lastError: null,
      accountId: 7,
      ref: 'account:7',
    });
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.messageId).toMatch(/^<account-deleted\.[0-9a-f-]{36}@pw\.test>$/);
    expect(received!.messageId).toBe(stored.messageId);
  });

  it('a queued row refused once moves queued → failed → sent, and both attempts carry one Message-ID', async () => {
    const to = 'retry@mail.test';
    smtp.setRecipientPolicy((address, attempt) => (address === to && attempt === 1 ? 451 : undefined));
    const [id] = await ctx.deps.db.transaction((tx) =>
      ctx.deps.outbox.enqueue(
        [{ mail: mailOf(retried, { aliveTokenId: 9 }), to, accountId: 3, ref: 'legacy-owner:3' }],
        tx,
      ),
    );
    const queued = await rowOf(id!);
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, params: { aliveTokenId: 9 } });

    await expect(ctx.deps.outbox.deliver(id!)).rejects.toMatchObject({ responseCode: 451 });
    const failed = await rowOf(id!);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, messageId: queued.messageId });
    expect(failed.lastError).toContain('451');
    expect(failed.lastError).not.toContain(to);

    expect(await ctx.deps.outbox.deliver(id!)).toBe('sent');
    const sent = await rowOf(id!);
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: null, messageId: queued.messageId });
    expect(smtp.attempts.get(to)).toBe(2);
    expect(smtp.messages.filter((m) => m.to === to).map((m) => m.messageId)).toEqual([queued.messageId]);

    // A job run again after the send finds the row sent and sends nothing.
    expect(await ctx.deps.outbox.deliver(id!)).toBe('skipped');
    expect(smtp.attempts.get(to)).toBe(2);
    smtp.setRecipientPolicy(() => undefined);
  });

  it('a queued row with nothing left to say is dropped, not sent', async () => {
    const [id] = await ctx.deps.db.transaction((tx) =>
      ctx.deps.outbox.enqueue([{ mail: mailOf(dropped, {}), to: 'gone@mail.test', accountId: 4 }], tx),
    );
    expect(await ctx.deps.outbox.deliver(id!)).toBe('skipped');
    expect(await rowOf(id!)).toMatchObject({ state: 'dropped', attempts: 0 });
    expect(smtp.attempts.get('gone@mail.test')).toBeUndefined();
  });

  it('rows written in a transaction that rolls back do not exist', async () => {
    const failing = ctx.deps.db.transaction(async (tx) => {
      await ctx.deps.outbox.enqueue(
        [{ mail: mailOf(retried, { aliveTokenId: 5 }), to: 'never@mail.test', accountId: 5 }],
        tx,
      );
      throw new Error('the change that causes the mail failed');
    });
    await expect(failing).rejects.toThrow('the change');
    const rows = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, 'never@mail.test'));
    expect(rows).toEqual([]);
  });

  it('refuses params of the wrong shape, before any row is written: a type error, and the schema at run time', async () => {
    // @ts-expect-error -- aliveTokenId is a number in the kind's schema
    const wrong = mailOf(retried, { aliveTokenId: 'nine' });
    await expect(
      ctx.deps.outbox.enqueue([{ mail: wrong, to: 'wrong@mail.test', accountId: 6 }], ctx.deps.db),
    ).rejects.toThrow('The params of a test.retried mail do not match its schema');
    // A cast gets past the compiler, not the outbox; a mail sent at once is checked the same way.
    const cast = { kind: 'account-deleted', params: { firstName: 7 } };
    await expect(ctx.deps.outbox.send({ mail: cast, to: 'wrong@mail.test', accountId: 6 })).rejects.toThrow(
      'The params of a account-deleted mail do not match its schema',
    );
    const rows = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, 'wrong@mail.test'));
    expect(rows).toEqual([]);
    expect(smtp.attempts.get('wrong@mail.test')).toBeUndefined();
  });

  it('refuses a kind no module registers', async () => {
    await expect(
      ctx.deps.outbox.enqueue(
        [{ mail: { kind: 'test.unknown', params: {} }, to: 'unknown@mail.test' }],
        ctx.deps.db,
      ),
    ).rejects.toThrow('No module registers the mail kind test.unknown');
  });
});
