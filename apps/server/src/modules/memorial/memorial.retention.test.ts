import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAccountRoutes, memorialRoutes, routeUrl } from '@pw/contracts';
import { mailOutbox } from '../../platform/mail/mail.schema';
import { multipart, tinyPng } from '../../../test/helpers';
import { ADMIN_ENV, bearer, logInAgain, randomIp, signInAdmin } from '../accounts/accounts.fixtures';
import { deleteAccount } from '../account-data/account-data.fixtures';
import { callRoute, memorialSuite, ownerWithMemorial } from './memorial.fixtures';
import { guestbookEntries, memorialPages, memorialSettings } from './memorial.schema';

describe('the memorial ends with the account', () => {
  const suite = memorialSuite(ADMIN_ENV);
  const withPhoto = (fields: Record<string, string>) =>
    multipart(fields, [{ field: 'photo', filename: 'p.png', contentType: 'image/png', content: tinyPng }]);

  it('deleting the account deletes the page, its guestbook and every photo of them', async () => {
    const ctx = suite.ctx();
    const mailsTo = suite.mailsTo;
    const o = await ownerWithMemorial(ctx, mailsTo, null);
    const form = withPhoto({ enabled: '1' });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: routeUrl(memorialRoutes.saveSettings),
      headers: { ...bearer(o.owner.token), ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode).toBe(200);
    const slug = (await o.release())!;
    const entry = withPhoto({ name: 'Ann', message: 'With love' });
    const signed = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(memorialRoutes.sign, { slug }),
      headers: entry.headers,
      payload: entry.payload,
      remoteAddress: randomIp(),
    });
    expect(signed.statusCode).toBe(202);
    const [settings] = await ctx.deps.db
      .select()
      .from(memorialSettings)
      .where(eq(memorialSettings.userId, o.owner.id));
    const [page] = await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.slug, slug));
    const [written] = await ctx.deps.db
      .select()
      .from(guestbookEntries)
      .where(eq(guestbookEntries.pageId, page!.id));
    const photos = [settings!.photoKey!, written!.photoKey!];
    for (const key of photos) expect(await ctx.deps.storage.stat(key)).not.toBeNull();

    const token = (await logInAgain(ctx, o.owner)).json().data.token;
    expect((await deleteAccount(ctx, token, { password: o.owner.password })).statusCode).toBe(200);

    expect((await callRoute(ctx, memorialRoutes.page, { params: { slug } })).statusCode).toBe(404);
    expect(await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.id, page!.id))).toEqual([]);
    expect(
      await ctx.deps.db.select().from(guestbookEntries).where(eq(guestbookEntries.pageId, page!.id)),
    ).toEqual([]);
    for (const key of photos) expect(await ctx.deps.storage.stat(key)).toBeNull();
  });

  it('the moderators are told 30 days before the retention deletes the page, once', async () => {
    const ctx = suite.ctx();
    const DAY = 24 * 60 * 60 * 1000;
    const o = await ownerWithMemorial(ctx, suite.mailsTo, { enabled: true });
    const slug = (await o.release())!;
    const told = () =>
      suite
        .mailsTo(o.contactEmail)
        .filter((mail) => mail.subject === 'A memorial page you look after will be deleted');
    const sendMemorialMails = async () => {
      const rows = await ctx.deps.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(like(mailOutbox.kind, 'memorial.%'), eq(mailOutbox.state, 'queued')));
      for (const row of rows) await ctx.deps.outbox.deliver(row.id);
    };
    const admin = await signInAdmin(ctx);
    const deactivated = await callRoute(ctx, adminAccountRoutes.userStatus, {
      token: admin.token,
      params: { id: o.owner.id },
      body: { status: 0 },
    });
    expect(deactivated.statusCode).toBe(200);

    // Well before the notice: nothing.
    ctx.clock.advance(300 * DAY);
    await ctx.deps.accountData.retention.run();
    await sendMemorialMails();
    expect(told()).toEqual([]);

    // 30 days before its day (the default retention, 365 days): the contact who looks after it is told.
    ctx.clock.advance(36 * DAY);
    await ctx.deps.accountData.retention.run();
    await sendMemorialMails();
    expect(told()).toHaveLength(1);
    expect(told()[0]!.text).toContain('Rose Memorial');
    const [page] = await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.slug, slug));
    expect(page!.retentionNoticeFor).not.toBeNull();

    // Later runs, and the account's 7-day notice, tell nobody again; the page is still up until its day.
    ctx.clock.advance(24 * DAY);
    await ctx.deps.accountData.retention.run();
    await ctx.deps.accountData.retention.run();
    await sendMemorialMails();
    expect(told()).toHaveLength(1);
    expect((await callRoute(ctx, memorialRoutes.page, { params: { slug } })).statusCode).toBe(200);
  });
});
