import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORIAL_MESSAGES, funeralHomeRoutes, legacyRoutes, memorialRoutes } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { logInAgain, signUpFuneralHome, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { signUpListedHome } from '../funeral-homes/funeral-homes.fixtures';
import { callRoute, ownerWithMemorial } from './memorial.fixtures';
import { guestbookEntries, memorialPages } from './memorial.schema';

describe('moderators: the trusted contact’s link and the funeral home’s account', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let home: SignedIn;
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
  const pageRow = async (slug: string) =>
    (await ctx.deps.db.select().from(memorialPages).where(eq(memorialPages.slug, slug)))[0]!;
  const entriesOf = async (slug: string) =>
    ctx.deps.db
      .select()
      .from(guestbookEntries)
      .where(eq(guestbookEntries.pageId, (await pageRow(slug)).id));
  const sign = (slug: string, message = 'Thinking of you') =>
    callRoute(ctx, memorialRoutes.sign, { params: { slug }, body: { name: 'Visitor', message } });
  const publicPage = (slug: string) => callRoute(ctx, memorialRoutes.page, { params: { slug } });
  const settings = {
    service_when: 'Saturday 14 March, 11:00',
    service_location: 'St Mary’s, Elm Street',
    service_type: 'Memorial service',
    service_notes: 'Flowers welcome.',
    listed: true,
    guestbook_moderation: true,
    guestbook_closed: false,
  };

  /** A released page whose passing the listed home reported by the access code, moderated by `who`. */
  async function releasedPage(who: 'contacts' | 'home' | 'both') {
    const o = await ownerWithMemorial(ctx, mailsTo, { enabled: true, moderators: who });
    // A release moves the clock a day on: the home signs in again (its session may have ended).
    home = { ...home, token: (await logInAgain(ctx, home)).json().data.token };
    const reported = await callRoute(ctx, legacyRoutes.reportByCode, {
      token: home.token,
      params: { code: o.accessCode },
      body: { relation: 'Funeral home' },
    });
    expect(reported.statusCode).toBe(200);
    const slug = (await o.release())!;
    home = { ...home, token: (await logInAgain(ctx, home)).json().data.token };
    return { ...o, slug };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
    home = await signUpListedHome(ctx, { home_name: 'Evergreen Chapel' });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('the contact sets the service and listing, turns moderation off, closes the guestbook', async () => {
    const o = await releasedPage('contacts');
    const params = { token: o.contactToken };
    const view = await callRoute(ctx, memorialRoutes.contactView, { params });
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toMatchObject({ listed: false, guestbook_moderation: true, entries: [] });

    const bad = await callRoute(ctx, memorialRoutes.contactUpdate, {
      params,
      body: { ...settings, service_when: 'x'.repeat(201), listed: undefined },
    });
    expect(bad.statusCode).toBe(422);
    expect((await pageRow(o.slug)).serviceWhen).toBeNull();

    const saved = await callRoute(ctx, memorialRoutes.contactUpdate, {
      params,
      body: { ...settings, guestbook_moderation: false },
    });
    expect(saved.statusCode).toBe(200);
    expect((await publicPage(o.slug)).json().data.service).toEqual({
      when: settings.service_when,
      location: settings.service_location,
      type: settings.service_type,
      notes: settings.service_notes,
    });
    const found = await callRoute(ctx, memorialRoutes.search, { query: { q: 'Rose' } });
    expect(found.json().data.map((p: { slug: string }) => p.slug)).toContain(o.slug);

    // Moderation off: shown at once.
    const signed = await sign(o.slug);
    expect(signed.json()).toEqual({
      message: MEMORIAL_MESSAGES.entryPublished,
      data: { status: 'approved' },
    });
    expect((await publicPage(o.slug)).json().data.entries).toHaveLength(1);

    await callRoute(ctx, memorialRoutes.contactUpdate, {
      params,
      body: { ...settings, listed: false, guestbook_closed: true },
    });
    const closed = await sign(o.slug, 'too late');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(MEMORIAL_MESSAGES.guestbookClosed);
    expect(await entriesOf(o.slug)).toHaveLength(1);
    const unlisted = await callRoute(ctx, memorialRoutes.search, { query: { q: 'Rose' } });
    expect(unlisted.json().data.map((p: { slug: string }) => p.slug)).not.toContain(o.slug);
    expect((await publicPage(o.slug)).json().data.guestbook_open).toBe(false);
  });

  it('hide and delete; another page’s entry, a bad action, a wrong link change nothing', async () => {
    const a = await releasedPage('both');
    const b = await releasedPage('contacts');
    await sign(a.slug, 'first');
    await sign(a.slug, 'second');
    await sign(b.slug, 'on b');
    const [first, second] = await entriesOf(a.slug);
    const [onB] = await entriesOf(b.slug);
    const act = (token: string, id: number, action: string) =>
      callRoute(ctx, memorialRoutes.contactEntry, { params: { token, id }, body: { action } });

    expect((await act(a.contactToken, first!.id, 'publish')).statusCode).toBe(422);
    expect((await act(a.contactToken, onB!.id, 'approve')).statusCode).toBe(404);
    expect((await act('x'.repeat(43), first!.id, 'approve')).statusCode).toBe(404);
    expect((await entriesOf(b.slug))[0]!.status).toBe('pending');

    expect((await act(a.contactToken, first!.id, 'approve')).statusCode).toBe(200);
    const hidden = await act(a.contactToken, first!.id, 'hide');
    expect(hidden.json().data.entries.map((e: { status: string }) => e.status)).toEqual([
      'hidden',
      'pending',
    ]);
    expect((await publicPage(a.slug)).json().data.entries).toEqual([]);
    const deleted = await act(a.contactToken, second!.id, 'delete');
    expect(deleted.json().data.entries.map((e: { id: number }) => e.id)).toEqual([first!.id]);
  });

  it('the home that reported the passing moderates; another home, a user, no credential do not', async () => {
    const o = await releasedPage('home');
    // The owner chose the home alone: the contact's link does not open the moderation.
    expect(
      (await callRoute(ctx, memorialRoutes.contactView, { params: { token: o.contactToken } })).statusCode,
    ).toBe(404);
    const list = await callRoute(ctx, memorialRoutes.homeList, { token: home.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ slug: o.slug, name: 'Rose Memorial', pending: 0 }),
    );

    const other = await signUpFuneralHome(ctx);
    const user = await signUpUser(ctx);
    const params = { slug: o.slug };
    expect((await callRoute(ctx, memorialRoutes.homeList)).statusCode).toBe(401);
    expect((await callRoute(ctx, memorialRoutes.homeList, { token: user.token })).statusCode).toBe(403);
    expect((await callRoute(ctx, memorialRoutes.homeView, { params })).statusCode).toBe(401);
    expect((await callRoute(ctx, memorialRoutes.homeView, { token: user.token, params })).statusCode).toBe(
      403,
    );
    expect((await callRoute(ctx, memorialRoutes.homeView, { token: other.token, params })).statusCode).toBe(
      404,
    );
    expect((await callRoute(ctx, memorialRoutes.homeList, { token: other.token })).json().data).toEqual([]);
    for (const token of [undefined, user.token, other.token])
      expect(
        (await callRoute(ctx, memorialRoutes.homeUpdate, { token, params, body: settings })).statusCode,
      ).toBeGreaterThanOrEqual(401);
    expect((await pageRow(o.slug)).serviceWhen).toBeNull();

    const view = await callRoute(ctx, memorialRoutes.homeView, { token: home.token, params });
    expect(view.statusCode).toBe(200);
    // The home picks from its listed options (the defaults while it has none of its own).
    expect(view.json().data.home_locations.length).toBeGreaterThan(0);
    expect(view.json().data.home_services.length).toBeGreaterThan(0);
    const bad = await callRoute(ctx, memorialRoutes.homeUpdate, {
      token: home.token,
      params,
      body: { ...settings, service_type: 'y'.repeat(201) },
    });
    expect(bad.statusCode).toBe(422);
    const saved = await callRoute(ctx, memorialRoutes.homeUpdate, {
      token: home.token,
      params,
      body: settings,
    });
    expect(saved.statusCode).toBe(200);
    expect((await pageRow(o.slug)).serviceLocation).toBe(settings.service_location);

    await sign(o.slug);
    const listed = await callRoute(ctx, memorialRoutes.homeList, { token: home.token });
    expect(listed.json().data).toContainEqual(expect.objectContaining({ slug: o.slug, pending: 1 }));
    const [entry] = await entriesOf(o.slug);
    const entryParams = { slug: o.slug, id: entry!.id };
    const act = (token: string | undefined, action: string) =>
      callRoute(ctx, memorialRoutes.homeEntry, { token, params: entryParams, body: { action } });
    expect((await act(undefined, 'approve')).statusCode).toBe(401);
    expect((await act(user.token, 'approve')).statusCode).toBe(403);
    expect((await act(other.token, 'approve')).statusCode).toBe(404);
    expect((await act(home.token, 'nope')).statusCode).toBe(422);
    expect((await entriesOf(o.slug))[0]!.status).toBe('pending');
    expect((await act(home.token, 'approve')).statusCode).toBe(200);
    expect((await publicPage(o.slug)).json().data.entries).toHaveLength(1);
  });

  it('the home’s directory entry links to the listed pages it looks after, never a link-only one', async () => {
    const o = await releasedPage('both');
    const user = await signUpUser(ctx);
    const entryOfHome = async () =>
      (await callRoute(ctx, funeralHomeRoutes.homes, { token: user.token }))
        .json()
        .data.find((row: { id: number }) => row.id === home.id);
    // Link only (the owner's choice): not named.
    expect((await entryOfHome()).memorials).not.toContainEqual(expect.objectContaining({ slug: o.slug }));
    const params = { slug: o.slug };
    const listed = await callRoute(ctx, memorialRoutes.homeUpdate, {
      token: home.token,
      params,
      body: settings,
    });
    expect(listed.statusCode).toBe(200);
    expect((await entryOfHome()).memorials).toContainEqual({ slug: o.slug, name: 'Rose Memorial' });
    // Another home's entry does not name it.
    const other = await signUpListedHome(ctx);
    const otherEntry = (await callRoute(ctx, funeralHomeRoutes.homes, { token: user.token }))
      .json()
      .data.find((row: { id: number }) => row.id === other.id);
    expect(otherEntry.memorials).toEqual([]);
    await callRoute(ctx, memorialRoutes.homeUpdate, {
      token: home.token,
      params,
      body: { ...settings, listed: false },
    });
    expect((await entryOfHome()).memorials).not.toContainEqual(expect.objectContaining({ slug: o.slug }));
  });
});
