import { mailOutbox } from '../../platform/mail/mail.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  legacyRoutes,
  MAIL_LIMIT_MESSAGE,
  MAIL_RECIPIENT_LIMIT_MESSAGE,
  videoRoutes,
  routeUrl,
} from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { bearer, signUpUser } from '../accounts/accounts.fixtures';
import { call } from '../funeral-homes/funeral-homes.fixtures';
import { legacyContacts, legacySettings } from './legacy.schema';

const contacts = (label: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `${label} ${i + 1}`, email: `${label}-${i + 1}@kin.test` }));
const settingsBody = (list: Array<{ name: string; email: string }>, waiting = 3) => ({
  contacts: list,
  waiting_period_days: waiting,
  check_in_months: 0,
  available_at_once: false,
});

/** Trusted-contact role e-mails and their resends go through the one outbound e-mail limit. */
describe('the outbound e-mail limit on trusted contacts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: 'http://pw.test' });
  });
  afterAll(() => ctx?.close());

  const contactsOf = (ownerId: number) =>
    ctx.deps.db.select().from(legacyContacts).where(eq(legacyContacts.ownerId, ownerId));
  const mailsOf = (ownerId: number) =>
    ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.accountId, ownerId));
  const settingsOf = async (ownerId: number) =>
    (await ctx.deps.db.select().from(legacySettings).where(eq(legacySettings.userId, ownerId)))[0];

  it('saving new contacts over and over: past 10 role e-mails in 10 minutes the save is 429 and saves nothing', async () => {
    const owner = await signUpUser(ctx);
    const save = (body: object) => call(ctx, legacyRoutes.saveSettings, owner.token, { body });
    expect((await save(settingsBody(contacts('first', 5)))).statusCode).toBe(200);
    expect((await save(settingsBody(contacts('second', 5)))).statusCode).toBe(200);
    const before = { contacts: await contactsOf(owner.id), mails: await mailsOf(owner.id) };
    expect(before.mails).toHaveLength(10);

    // A third set (and a new waiting period): refused whole.
    const refused = await save(settingsBody(contacts('third', 5), 9));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MAIL_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await contactsOf(owner.id)).toEqual(before.contacts);
    expect(await mailsOf(owner.id)).toEqual(before.mails);
    expect((await settingsOf(owner.id))!.waitingPeriodDays).toBe(3);

    // Keeping the same contacts sends nothing, so it is saved.
    expect((await save(settingsBody(contacts('second', 5), 9))).statusCode).toBe(200);
    expect((await settingsOf(owner.id))!.waitingPeriodDays).toBe(9);
  });

  it('resending a role e-mail: the 4th to one address in a day is 429; the old link stays', async () => {
    const owner = await signUpUser(ctx);
    const [contact] = contacts('resent', 1);
    const saved = await call(ctx, legacyRoutes.saveSettings, owner.token, {
      body: settingsBody([contact!]),
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.contacts[0].id as number;
    const resend = () => call(ctx, legacyRoutes.resendContact, owner.token, { params: { id } });
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const [row] = await contactsOf(owner.id);

    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MAIL_RECIPIENT_LIMIT_MESSAGE);
    expect(await mailsOf(owner.id)).toHaveLength(3);
    expect((await contactsOf(owner.id))[0]!.tokenHash).toBe(row!.tokenHash);
  });
});

/** Reporting a passing takes an access code: a wrong one counts as a guess, like opening a video by code. */
describe('report-passing under the access-code guessing limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  const report = (token: string, code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: routeUrl(legacyRoutes.reportByCode, { code }),
      headers: bearer(token),
      payload: { relation: 'Neighbour' },
    });
  const guess = (i: number) => `ZZ${String(i).padStart(6, '0')}QQ`;

  it('30 wrong codes answer 404; the 31st is 429 with Retry-After, until the minute has passed', async () => {
    const guesser = await signUpUser(ctx);
    for (let i = 0; i < 30; i++) expect((await report(guesser.token, guess(i))).statusCode).toBe(404);
    const refused = await report(guesser.token, guess(30));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(61_000);
    expect((await report(guesser.token, guess(31))).statusCode).toBe(404);
  });

  it('is the same limit as opening a video by its access code', async () => {
    const guesser = await signUpUser(ctx);
    for (let i = 0; i < 20; i++)
      await ctx.app.inject({
        method: 'GET',
        url: routeUrl(videoRoutes.byAccessCode, { code: guess(i) }),
        headers: bearer(guesser.token),
      });
    for (let i = 20; i < 30; i++) expect((await report(guesser.token, guess(i))).statusCode).toBe(404);
    expect((await report(guesser.token, guess(30))).statusCode).toBe(429);
  });
});
