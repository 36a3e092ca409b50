import { mailOutbox } from '../../platform/mail/mail.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyRoutes, notificationKinds, SETTINGS_SAVED_MESSAGE, routeUrl } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import {
  ADMIN_ENV,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { call } from '../funeral-homes/funeral-homes.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { flushLegacyMails, linkToken } from './legacy.fixtures';
import { legacyContacts, legacySettings } from './legacy.schema';
import { hashToken } from './legacy.tokens';

describe('the owner’s release settings (GET/POST /web/user/legacy, resend)', () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let owner: SignedIn;
  let home: SignedIn;
  let admin: SignedIn;

  const save = (token: string | undefined, body: object) =>
    call(ctx, legacyRoutes.saveSettings, token, { body });
  const settings = (token: string | undefined) => call(ctx, legacyRoutes.settings, token);
  const contactsOf = (ownerId: number) =>
    ctx.deps.db.select().from(legacyContacts).where(eq(legacyContacts.ownerId, ownerId));
  const mailsTo = (email: string) => smtp.messages.filter((m) => m.to === email);
  const contactPage = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(legacyRoutes.contactPage, { token }) });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test', ...ADMIN_ENV });
    owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    home = await signUpFuneralHome(ctx);
    admin = await signInAdmin(ctx);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('a new account starts sealed with the defaults; only its user reads them', async () => {
    const res = await settings(owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      contacts: [],
      waiting_period_days: 3,
      check_in_months: 0,
      available_at_once: false,
      state: 'sealed',
      next_check_in_at: null,
      open_report: null,
      log: [],
    });
    expect((await settings(undefined)).statusCode).toBe(401);
    expect((await settings(home.token)).statusCode).toBe(403);
    expect((await settings(admin.token)).statusCode).toBe(403);
  });

  it('saves contacts, each new one e-mailed once with a 256-bit role link stored only hashed', async () => {
    const body = {
      contacts: [
        { name: 'Kim Kin', email: 'kim@kin.test' },
        { name: 'Lee Kin', email: 'LEE@kin.test' },
      ],
      waiting_period_days: 5,
      check_in_months: 0,
      available_at_once: false,
    };
    const res = await save(owner.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SETTINGS_SAVED_MESSAGE);
    expect(res.json().data).toMatchObject({ waiting_period_days: 5, state: 'sealed' });
    expect(res.json().data.contacts.map((c: { email: string }) => c.email)).toEqual([
      'kim@kin.test',
      'lee@kin.test',
    ]);
    await flushLegacyMails(ctx);
    const [mail] = mailsTo('kim@kin.test');
    expect(mail!.text).toContain('Olive Owner has named you a trusted contact');
    const token = linkToken(mail!.text, 'contact');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = (await contactsOf(owner.id)).filter((c) => c.email === 'kim@kin.test');
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(await ctx.deps.db.select().from(legacyContacts))).not.toContain(token);
    expect(JSON.stringify(await ctx.deps.db.select().from(mailOutbox))).not.toContain(token);

    // The same list again: nobody is e-mailed twice; a name change is kept.
    const again = await save(owner.token, {
      ...body,
      contacts: [{ name: 'Kim K.', email: 'kim@kin.test' }, body.contacts[1]],
    });
    expect(again.statusCode).toBe(200);
    await flushLegacyMails(ctx);
    expect(mailsTo('kim@kin.test')).toHaveLength(1);
    expect((await contactsOf(owner.id)).find((c) => c.email === 'kim@kin.test')!.name).toBe('Kim K.');

    // The contact's page shows their role and confirms nothing; the POST confirms.
    const page = await contactPage(token);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toEqual({
      owner_first_name: 'Olive',
      owner_name: 'Olive Owner',
      contact_name: 'Kim K.',
      confirmed: false,
      state: 'sealed',
      watch_url: null,
    });
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.confirmContact, { token }),
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data.confirmed).toBe(true);
    expect((await settings(owner.token)).json().data.contacts[0].confirmed_at).not.toBeNull();

    // The owner is told in the app, once (a second click confirms nothing new).
    const notices = () =>
      ctx.deps.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, owner.id),
            eq(notifications.kind, notificationKinds.legacyContactConfirmed),
          ),
        );
    const [notice, ...more] = await notices();
    expect(more).toHaveLength(0);
    expect(notice!.body).toContain('Kim K. (kim@kin.test) accepted the role of trusted contact');
    await ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.confirmContact, { token }) });
    expect(await notices()).toHaveLength(1);
  });

  it('refuses bad settings with 422 and changes nothing', async () => {
    const before = (await settings(owner.token)).json().data;
    const base = { contacts: [], waiting_period_days: 3, check_in_months: 0, available_at_once: false };
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `K${i}`, email: `k${i}@kin.test` }));
    for (const body of [
      { ...base, contacts: six },
      {
        ...base,
        contacts: [
          { name: 'A', email: 'x@kin.test' },
          { name: 'B', email: 'X@kin.test' },
        ],
      },
      { ...base, contacts: [{ name: '', email: 'x@kin.test' }] },
      { ...base, contacts: [{ name: 'A', email: 'not-an-email' }] },
      { ...base, waiting_period_days: 0 },
      { ...base, waiting_period_days: 31 },
      { ...base, waiting_period_days: 2.5 },
      { ...base, check_in_months: 4 },
      { ...base, available_at_once: 'yes' },
      { ...base, contacts: 'everyone' },
    ]) {
      const res = await save(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    expect((await settings(owner.token)).json().data).toEqual(before);
    expect((await save(undefined, base)).statusCode).toBe(401);
    expect((await save(home.token, base)).statusCode).toBe(403);
    expect((await settings(owner.token)).json().data).toEqual(before);
  });

  it('resend: a new link, the old one stops; another owner’s contact is not found', async () => {
    const [lee] = (await contactsOf(owner.id)).filter((c) => c.email === 'lee@kin.test');
    await flushLegacyMails(ctx);
    const oldToken = linkToken(mailsTo('lee@kin.test').at(-1)!.text, 'contact');
    const resend = (token: string | undefined, id: number | string) =>
      ctx.app.inject({
        method: 'POST',
        url: routeUrl(legacyRoutes.resendContact, { id }),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    const other = await signUpUser(ctx);
    expect((await resend(other.token, lee!.id)).statusCode).toBe(404);
    expect((await resend(undefined, lee!.id)).statusCode).toBe(401);
    expect((await resend(home.token, lee!.id)).statusCode).toBe(403);
    expect((await resend(owner.token, 'abc')).statusCode).toBe(404);
    expect((await resend(owner.token, 999999)).statusCode).toBe(404);
    await flushLegacyMails(ctx);
    expect(mailsTo('lee@kin.test')).toHaveLength(1);
    expect((await resend(owner.token, lee!.id)).statusCode).toBe(200);
    await flushLegacyMails(ctx);
    expect(mailsTo('lee@kin.test')).toHaveLength(2);
    const newToken = linkToken(mailsTo('lee@kin.test')[1]!.text, 'contact');
    expect(newToken).not.toBe(oldToken);
    expect((await contactPage(oldToken)).statusCode).toBe(404);
    expect((await contactPage(newToken)).statusCode).toBe(200);
  });

  it('odd bodies are 422 and change nothing; confirming twice is one confirmation', async () => {
    const before = (await settings(owner.token)).json().data;
    for (const payload of [
      '[]',
      'null',
      '"x"',
      '{"contacts":[null]}',
      '{"contacts":[{"name":{"a":1},"email":"a@b.co"}]}',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: routeUrl(legacyRoutes.saveSettings),
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect([400, 422], payload).toContain(res.statusCode);
    }
    expect((await settings(owner.token)).json().data).toEqual(before);
    await flushLegacyMails(ctx);
    const token = linkToken(mailsTo('kim@kin.test')[0]!.text, 'contact');
    const confirm = () =>
      ctx.app.inject({ method: 'POST', url: routeUrl(legacyRoutes.confirmContact, { token }) });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const log = (await settings(owner.token)).json().data.log as Array<{ text: string }>;
    expect(log.filter((entry) => entry.text.includes('kim@kin.test accepted')).length).toBe(1);
  });

  it('a link that cannot be one, or is unknown, finds nothing', async () => {
    for (const token of ['x', 'a'.repeat(43), 'a'.repeat(44), '%00', '..%2F..%2Fetc'])
      expect((await contactPage(token)).statusCode).toBe(404);
    const post = await ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.reportByContact, { token: 'b'.repeat(43) }),
      payload: { relation: 'Friend' },
    });
    expect(post.statusCode).toBe(404);
  });

  it('available at once: the state is open, and back to sealed when switched off', async () => {
    const base = { contacts: [], waiting_period_days: 3, check_in_months: 0 };
    const open = await save(owner.token, { ...base, available_at_once: true });
    expect(open.json().data).toMatchObject({ state: 'open', available_at_once: true, contacts: [] });
    const sealed = await save(owner.token, { ...base, available_at_once: false });
    expect(sealed.json().data).toMatchObject({ state: 'sealed', available_at_once: false });
    const [row] = await ctx.deps.db.select().from(legacySettings).where(eq(legacySettings.userId, owner.id));
    expect(row!.state).toBe('sealed');
    expect(sealed.json().data.log[0].text).toContain('released only after a confirmed passing');
  });
});
