import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORIAL_MESSAGES, memorialRoutes } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { ADMIN_ENV, signInAdmin, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { callRoute, ownerWithMemorial } from './memorial.fixtures';
import { guestbookEntries, memorialPages } from './memorial.schema';

describe('the back office: memorial pages, reported entries, taking a page down', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let admin: SignedIn;
  let user: SignedIn;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
  const pageRow = async (slug: string) =>
    (await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.slug, slug)))[0]!;
  /** The admin's session, again after a release moved the clock a day. */
  const asAdmin = async () => (admin = await signInAdmin(ctx));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test', ...ADMIN_ENV });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('lists pages and reported entries; takes a page down: 404, out of search, moderators told', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, { enabled: true, listed: true });
    const slug = (await o.release())!;
    await callRoute(ctx, memorialRoutes.contactUpdate, {
      params: { token: o.contactToken },
      body: { listed: true, guestbook_moderation: false, guestbook_closed: false },
    });
    await callRoute(ctx, memorialRoutes.sign, {
      params: { slug },
      body: { name: 'Troll', message: 'Unkind words' },
    });
    const [entry] = await ctx.deps.db
      .select()
      .from(guestbookEntries)
      .where(eq(guestbookEntries.pageId, (await pageRow(slug)).id));
    await callRoute(ctx, memorialRoutes.report, {
      params: { slug, id: entry!.id },
      body: { reason: 'Cruel' },
    });
    await asAdmin();
    user = await signUpUser(ctx);

    const list = await callRoute(ctx, memorialRoutes.adminList, {
      token: admin.token,
      query: { search: 'Rose' },
    });
    expect(list.statusCode).toBe(200);
    const item = list.json().data.find((p: { slug: string }) => p.slug === slug);
    expect(item).toMatchObject({
      name: 'Rose Memorial',
      listed: true,
      entries: 1,
      reported_entries: 1,
      taken_down_at: null,
    });
    expect(list.json().meta).toMatchObject({ current_page: 1 });
    expect(
      (await callRoute(ctx, memorialRoutes.adminList, { token: admin.token, query: { per_page: '7' } }))
        .statusCode,
    ).toBe(422);

    const reported = await callRoute(ctx, memorialRoutes.adminReported, { token: admin.token });
    expect(reported.statusCode).toBe(200);
    expect(reported.json().data).toContainEqual(
      expect.objectContaining({
        id: entry!.id,
        page_slug: slug,
        reports: 1,
        reasons: ['Cruel'],
        message: 'Unkind words',
      }),
    );

    const takeDown = (token: string | undefined, id: number, body: object) =>
      callRoute(ctx, memorialRoutes.adminTakeDown, { token, params: { id }, body });
    const id = (await pageRow(slug)).id;
    expect((await takeDown(admin.token, id, { reason: ' ' })).statusCode).toBe(422);
    expect((await takeDown(admin.token, 999_999, { reason: 'x' })).statusCode).toBe(404);
    expect((await pageRow(slug)).takenDownAt).toBeNull();

    const done = await takeDown(admin.token, id, { reason: 'Hurtful messages' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MEMORIAL_MESSAGES.takenDown);
    expect(done.json().data).toMatchObject({ taken_down_reason: 'Hurtful messages', listed: false });
    expect((await callRoute(ctx, memorialRoutes.page, { params: { slug } })).statusCode).toBe(404);
    const found = await callRoute(ctx, memorialRoutes.search, { query: { q: 'Rose' } });
    expect(found.json().data.map((p: { slug: string }) => p.slug)).not.toContain(slug);
    expect(
      (await callRoute(ctx, memorialRoutes.contactView, { params: { token: o.contactToken } })).statusCode,
    ).toBe(404);
    await smtp.waitFor((messages) =>
      messages.some((m) => m.to === o.contactEmail && /taken down/.test(m.subject)),
    );
    const told = mailsTo(o.contactEmail).filter((m) => /taken down/.test(m.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Hurtful messages');
    // Again: the same answer, nobody told twice.
    expect((await takeDown(admin.token, id, { reason: 'Again' })).json().data.taken_down_reason).toBe(
      'Hurtful messages',
    );
    expect(mailsTo(o.contactEmail).filter((m) => /taken down/.test(m.subject))).toHaveLength(1);
  });

  it('no credential 401, another role 403; nothing is taken down', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, { enabled: true });
    const slug = (await o.release())!;
    user = await signUpUser(ctx);
    const id = (await pageRow(slug)).id;
    for (const route of [memorialRoutes.adminList, memorialRoutes.adminReported]) {
      expect((await callRoute(ctx, route)).statusCode).toBe(401);
      expect((await callRoute(ctx, route, { token: user.token })).statusCode).toBe(403);
    }
    const body = { reason: 'No' };
    expect((await callRoute(ctx, memorialRoutes.adminTakeDown, { params: { id }, body })).statusCode).toBe(
      401,
    );
    expect(
      (await callRoute(ctx, memorialRoutes.adminTakeDown, { token: user.token, params: { id }, body }))
        .statusCode,
    ).toBe(403);
    expect((await pageRow(slug)).takenDownAt).toBeNull();
    expect((await callRoute(ctx, memorialRoutes.page, { params: { slug } })).statusCode).toBe(200);
  });
});
