import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORIAL_MESSAGES, captionRoutes, legacyRoutes, memorialRoutes, routeUrl } from '@pw/contracts';
import { createTestContext, multipart, tinyPng, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { logInAgain, randomIp } from '../accounts/accounts.fixtures';
import { callRoute, ownerWithMemorial } from './memorial.fixtures';
import { videos } from '../videos/videos.schema';
import { newSlug } from './memorial.service';
import { guestbookEntries, guestbookReports, memorialPages } from './memorial.schema';

describe('the page the release opens, its guestbook and its limits', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
  const page = (slug: string) => callRoute(ctx, memorialRoutes.page, { params: { slug } });
  const search = (q: string) => callRoute(ctx, memorialRoutes.search, { query: { q } });
  const sign = (slug: string, body: object, ip?: string) =>
    callRoute(ctx, memorialRoutes.sign, { params: { slug }, body, ip });
  const entriesOf = async (slug: string) => {
    const [row] = await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.slug, slug));
    return ctx.deps.db.select().from(guestbookEntries).where(eq(guestbookEntries.pageId, row!.id));
  };
  const chosen = (listed: boolean) => ({ enabled: true, text: 'Remember me <b>kindly</b>.', listed });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('nothing exists before the release; the release opens it, names it in the e-mail, search finds it', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, { ...chosen(true), video_ids: [] });
    const { finalId } = o;
    await callRoute(ctx, memorialRoutes.saveSettings, {
      token: o.owner.token,
      body: { ...chosen(true), video_ids: [finalId] },
    });
    // The owner captions the message: the captions go on the page with it (docs/product.md §4.7).
    const captioned = await callRoute(ctx, captionRoutes.save, {
      token: o.owner.token,
      params: { id: finalId, language: 'en' },
      body: { vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nRemember the garden.\n' },
    });
    expect(captioned.statusCode, captioned.body).toBe(200);
    expect(
      await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.ownerId, o.owner.id)),
    ).toEqual([]);
    expect((await search('Rose Memorial')).json().data).toEqual([]);

    const slug = (await o.release())!;
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const mail = mailsTo(o.contactEmail).at(-1)!;
    expect(mail.text).toContain(`http://pw.test/memorial/${slug}`);

    const res = await page(slug);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      slug,
      name: 'Rose Memorial',
      text: 'Remember me <b>kindly</b>.',
      guestbook_open: true,
      entries: [],
      service: { when: null, location: null, type: null, notes: null },
    });
    expect(data.died_year).toBe(ctx.clock.now().getUTCFullYear());
    // The final message plays through the signed, short-lived media URLs of a granted video.
    expect(data.videos).toHaveLength(1);
    // What plays and names the video, nothing else: no search code, creator or owner-only field.
    expect(Object.keys(data.videos[0]).sort()).toEqual([
      'captions',
      'description',
      'duration',
      'duration_seconds',
      'id',
      'title',
      'video_link',
      'video_thumbnail',
    ]);
    expect(data.videos[0].id).toBe(finalId);
    expect(data.videos[0].video_link).toMatch(/^\/api\/media\//);
    expect(data.videos[0].captions).toEqual([
      { language: 'en', url: expect.stringMatching(/^\/api\/media\//) },
    ]);
    const vtt = await ctx.app.inject({ method: 'GET', url: data.videos[0].captions[0].url });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toContain('Remember the garden.');
    expect(res.body).not.toContain(o.owner.email);
    expect((await search('rose mem')).json().data).toEqual([
      { slug, name: 'Rose Memorial', born_year: expect.any(Number), died_year: data.died_year },
    ]);

    // The owner, alive after all, seals the message again: the page is gone with it.
    const again = await logInAgain(ctx, o.owner);
    const resealed = await callRoute(ctx, legacyRoutes.reseal, { token: again.json().data.token });
    expect(resealed.statusCode).toBe(200);
    expect((await page(slug)).statusCode).toBe(404);
    expect((await search('rose mem')).json().data).toEqual([]);
  });

  it('an owner without a final video who chose a memorial: the contacts still get its address', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, chosen(false));
    await ctx.deps.db.delete(videos).where(eq(videos.id, o.finalId));
    const before = mailsTo(o.contactEmail).length;
    const slug = (await o.release())!;
    expect(slug).not.toBeNull();
    const mails = mailsTo(o.contactEmail).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A memorial page has been opened');
    expect(mails[0]!.text).toContain(`http://pw.test/memorial/${slug}`);
    // Nothing to watch: no watch link is sent.
    expect(mails[0]!.text).not.toContain('/watch/');
    expect((await page(slug)).statusCode).toBe(200);
  });

  it('an owner without a final video nor a memorial: no mail to the contacts at the release', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, null);
    await ctx.deps.db.delete(videos).where(eq(videos.id, o.finalId));
    const before = mailsTo(o.contactEmail).length;
    expect(await o.release()).toBeNull();
    expect(mailsTo(o.contactEmail).slice(before)).toEqual([]);
  });

  it('an owner who chose no memorial gets no page; unknown and malformed slugs are 404', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, null);
    expect(await o.release()).toBeNull();
    expect(mailsTo(o.contactEmail).at(-1)!.text).not.toContain('/memorial/');
    expect((await page(newSlug())).statusCode).toBe(404);
    expect((await page('short')).statusCode).toBe(404);
    expect((await page('../../etc/passwd')).statusCode).toBe(404);
    expect((await sign(newSlug(), { name: 'A', message: 'B' })).statusCode).toBe(404);
    expect((await search('x')).statusCode).toBe(422);
  });

  it('a link-only page is not found by search; a visitor’s entry is held, then shown once approved', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, chosen(false));
    const slug = (await o.release())!;
    expect((await search('Rose')).json().data.map((p: { slug: string }) => p.slug)).not.toContain(slug);

    const bad = await sign(slug, { name: ' ', message: 'x'.repeat(2001) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['message', 'name']);
    expect(await entriesOf(slug)).toEqual([]);

    const held = await sign(slug, { name: '<img src=x onerror=alert(1)>', message: 'We miss you.' });
    expect(held.statusCode).toBe(202);
    expect(held.json()).toEqual({ message: MEMORIAL_MESSAGES.entryReceived, data: { status: 'pending' } });
    expect((await page(slug)).json().data.entries).toEqual([]);

    const [entry] = await entriesOf(slug);
    const approved = await callRoute(ctx, memorialRoutes.contactEntry, {
      params: { token: o.contactToken, id: entry!.id },
      body: { action: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    // Shown as typed: the client writes it as text, never as markup.
    expect((await page(slug)).json().data.entries).toEqual([
      expect.objectContaining({
        name: '<img src=x onerror=alert(1)>',
        message: 'We miss you.',
        photo_path: null,
      }),
    ]);
  });

  it('a photo with an entry is stored as other photos are; anyone may report an approved entry', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, chosen(false));
    const slug = (await o.release())!;
    const form = multipart({ name: 'Ann', message: 'With love' }, [
      { field: 'photo', filename: 'us.png', contentType: 'image/png', content: tinyPng },
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(memorialRoutes.sign, { slug }),
      headers: form.headers,
      payload: form.payload,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(202);
    const [entry] = await entriesOf(slug);
    expect(entry!.photoKey).toMatch(/^photos\/[0-9a-f]{32}\.png$/);

    const report = (id: number, body: object = {}) =>
      callRoute(ctx, memorialRoutes.report, { params: { slug, id }, body });
    // Not yet approved: nothing to report (it is not shown).
    expect((await report(entry!.id)).statusCode).toBe(404);
    await callRoute(ctx, memorialRoutes.contactEntry, {
      params: { token: o.contactToken, id: entry!.id },
      body: { action: 'approve' },
    });
    expect((await report(entry!.id, { reason: 'x'.repeat(501) })).statusCode).toBe(422);
    const done = await report(entry!.id, { reason: 'Not about her' });
    expect(done.statusCode).toBe(202);
    expect(done.json()).toEqual({ message: MEMORIAL_MESSAGES.reported });
    expect((await report(999_999)).statusCode).toBe(404);
    const reports = await ctx.deps.db
      .select()
      .from(guestbookReports)
      .where(eq(guestbookReports.entryId, entry!.id));
    expect(reports.map((r) => r.reason)).toEqual(['Not about her']);
    const seen = await callRoute(ctx, memorialRoutes.contactView, { params: { token: o.contactToken } });
    expect(seen.json().data.entries).toEqual([expect.objectContaining({ id: entry!.id, reports: 1 })]);
  });

  it('limits: 10 entries an hour from one address, 60 on one page (429, nothing more stored)', async () => {
    const o = await ownerWithMemorial(ctx, mailsTo, chosen(false));
    const slug = (await o.release())!;
    const ip = randomIp();
    for (let i = 0; i < 10; i++)
      expect((await sign(slug, { name: 'N', message: `m${i}` }, ip)).statusCode).toBe(202);
    const refused = await sign(slug, { name: 'N', message: 'one more' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await entriesOf(slug)).toHaveLength(10);
    // The page's own limit, from many addresses.
    for (let i = 0; i < 50; i++)
      expect((await sign(slug, { name: 'N', message: `p${i}` })).statusCode).toBe(202);
    expect((await sign(slug, { name: 'N', message: 'crowd' })).statusCode).toBe(429);
    expect(await entriesOf(slug)).toHaveLength(60);
  });
});
