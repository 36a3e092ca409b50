import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memorialRoutes, routeUrl } from '@pw/contracts';
import { multipart, tinyPng } from '../../../test/helpers';
import { bearer, logInAgain, randomIp } from '../accounts/accounts.fixtures';
import { deleteAccount } from '../account-data/account-data.fixtures';
import { callRoute, memorialSuite, ownerWithMemorial } from './memorial.fixtures';
import { guestbookEntries, memorialPages, memorialSettings } from './memorial.schema';

describe('the memorial ends with the account', () => {
  const suite = memorialSuite();
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
});
