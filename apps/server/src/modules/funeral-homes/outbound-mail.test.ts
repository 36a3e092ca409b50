import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAIL_LIMIT_MESSAGE, MAIL_RECIPIENT_LIMIT_MESSAGE, funeralHomeRoutes } from '@pw/contracts';
import { readOutbox, contextForSuite } from '../../../test/helpers';
import { logInAgain, signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { watchGrants } from '../delivery/delivery.schema';
import { call, finalVideo, openByCode, requestsAt, signUpListedHome } from './funeral-homes.fixtures';

let seq = 0;
const stranger = (label: string) => `${label}-${++seq}@strangers.test`;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The platform's sender is not a relay: grant access (to a person or a home) and the Funeral Home Form
 * go through the one outbound e-mail limit, 10 in 10 minutes and 50 a day per account, 3 a day per
 * recipient; beyond it 429 with Retry-After, nothing sent and nothing saved.
 */
describe('the outbound e-mail limit on grant access and funeral forms', () => {
  const grant = (who: SignedIn, videoId: number, body: object) =>
    call(ctx, funeralHomeRoutes.grantAccess, who.token, { params: { id: videoId }, body });
  const outboxTo = async (predicate: (to: string) => boolean) =>
    (await readOutbox(ctx.dataDir)).filter((mail) => predicate(mail.to));
  const grantsOf = (videoId: number) =>
    ctx.deps.db.select().from(watchGrants).where(eq(watchGrants.videoId, videoId));

  /** A day later: the clock moves past the session too, so the person signs in again. */
  async function nextDay(...people: SignedIn[]) {
    ctx.clock.advance(DAY_MS);
    for (const who of people) who.token = (await logInAgain(ctx, who)).json().data.token as string;
  }

  /** A user holding a final video they opened by its code (they may grant it). */
  async function holderWithVideo(title?: string) {
    const holder = await signUpUser(ctx, { first_name: 'Hana', last_name: 'Holder' });
    const video = await finalVideo(ctx, undefined, title);
    expect((await openByCode(ctx, holder.token, video.accessCode)).statusCode).toBe(200);
    return { holder, video };
  }

  const ctx = contextForSuite({ PUBLIC_URL: 'http://pw.test' });

  it('25 grants to strangers at once: 10 e-mails go, the rest are 429 with Retry-After and leave nothing', async () => {
    const { holder, video } = await holderWithVideo();
    const targets = Array.from({ length: 25 }, () => stranger('burst'));
    const answers = await Promise.all(targets.map((email) => grant(holder, video.id, { type: 0, email })));

    const accepted = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const res of refused) {
      expect(res.json().message).toBe(MAIL_LIMIT_MESSAGE);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    }
    expect(await outboxTo((to) => targets.includes(to))).toHaveLength(10);
    expect(await grantsOf(video.id)).toHaveLength(10);

    // One more, one at a time, is still refused (the 11th), until the ten minutes have passed.
    expect((await grant(holder, video.id, { type: 0, email: stranger('eleventh') })).statusCode).toBe(429);
    ctx.clock.advance(10 * 60_000 + 1000);
    expect((await grant(holder, video.id, { type: 0, email: stranger('later') })).statusCode).toBe(200);
  });

  it('50 a day per account, whatever the pace', async () => {
    const { holder, video } = await holderWithVideo();
    for (let burst = 0; burst < 5; burst++) {
      for (let i = 0; i < 10; i++)
        expect((await grant(holder, video.id, { type: 0, email: stranger('day') })).statusCode).toBe(200);
      ctx.clock.advance(10 * 60_000 + 1000);
    }
    const refused = await grant(holder, video.id, { type: 0, email: stranger('day') });
    expect(refused.statusCode).toBe(429);
    // The day's window runs from the first e-mail: the wait is what is left of it.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(20 * 60 * 60);
    await nextDay(holder);
    expect((await grant(holder, video.id, { type: 0, email: stranger('day') })).statusCode).toBe(200);
  });

  it('a 4th e-mail to one address in a day is 429, for any video; other addresses and other senders still go', async () => {
    const { holder, video } = await holderWithVideo();
    const target = stranger('target');
    for (let i = 0; i < 3; i++) {
      expect((await grant(holder, video.id, { type: 0, email: target })).statusCode).toBe(200);
      ctx.clock.advance(61_000); // past the double-click window: each is a deliberate resend
    }
    const fourth = await grant(holder, video.id, { type: 0, email: target.toUpperCase() });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(MAIL_RECIPIENT_LIMIT_MESSAGE);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outboxTo((to) => to === target)).toHaveLength(3);
    expect(await grantsOf(video.id)).toHaveLength(3);
    // Another video to the same address is the same address.
    const other = await finalVideo(ctx);
    expect((await openByCode(ctx, holder.token, other.accessCode)).statusCode).toBe(200);
    expect((await grant(holder, other.id, { type: 0, email: target })).statusCode).toBe(429);
    expect((await grant(holder, video.id, { type: 0, email: stranger('else') })).statusCode).toBe(200);
    // Another account may still write to that address: the limit is per sender.
    const { holder: someoneElse, video: theirs } = await holderWithVideo();
    expect((await grant(someoneElse, theirs.id, { type: 0, email: target })).statusCode).toBe(200);
    await nextDay(holder);
    expect((await grant(holder, video.id, { type: 0, email: target })).statusCode).toBe(200);
  });

  it('a phishing title never reaches a Subject line: it is quoted in the body as the author’s', async () => {
    const title = 'URGENT: your bank account is locked, verify at http://evil.example';
    const { holder, video } = await holderWithVideo(title);
    const to = stranger('phished');
    expect((await grant(holder, video.id, { type: 0, email: to })).statusCode).toBe(200);
    const [mail] = await outboxTo((address) => address === to);
    expect(mail!.subject).toBe('A video message has been shared with you on Parting Words');
    expect(mail!.subject).not.toContain('URGENT');
    expect(mail!.text).toContain(`Olive Owner wrote:\n> “${title}”`);
  });

  it('grants to a home and forms to it count for that home; the 4th of a day is 429 and saves nothing', async () => {
    const home = await signUpListedHome(ctx, { home_name: 'Evergreen Chapel' });
    const { holder, video } = await holderWithVideo();
    const [service] = (await call(ctx, funeralHomeRoutes.services, holder.token)).json().data;
    const [location] = (await call(ctx, funeralHomeRoutes.locations, holder.token)).json().data;
    const form = (speaker: string) =>
      call(ctx, funeralHomeRoutes.create, holder.token, {
        params: { id: home.id },
        body: { service_id: service.id, location_id: location.id, speaker },
      });
    expect((await grant(holder, video.id, { type: 1, email: home.email })).statusCode).toBe(200);
    expect((await form('A friend')).statusCode).toBe(201);
    expect((await form('Our pastor')).statusCode).toBe(201);
    const before = await requestsAt(ctx, home.id);
    expect(before).toHaveLength(2);

    const refused = await form('A cousin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MAIL_RECIPIENT_LIMIT_MESSAGE);
    expect(await requestsAt(ctx, home.id)).toEqual(before);
    const second = await finalVideo(ctx);
    expect((await openByCode(ctx, holder.token, second.accessCode)).statusCode).toBe(200);
    expect((await grant(holder, second.id, { type: 1, email: home.email })).statusCode).toBe(429);
    expect(await requestsAt(ctx, home.id)).toEqual(before);
    // Answering again what was already granted sends nothing, so it is not refused.
    expect((await grant(holder, video.id, { type: 1, email: home.email })).statusCode).toBe(200);
  });
});
