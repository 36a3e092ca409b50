import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveryRoutes, NOTE_MAX, NOTE_MESSAGES, routeUrl, scheduleBody, videoRoutes } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import {
  deliveriesOf,
  insertMembership,
  insertVideo,
  scheduleThroughApi,
} from '../../../../test/delivery-fixtures';
import { bearer, signUpUser, type SignedIn } from '../../accounts/accounts.fixtures';
import { scheduledDeliveries } from '../delivery.schema';
import { watchToken } from '../delivery.tokens';
import { scheduleFrom } from './delivery.schedule';

describe("the note in a schedule's one shape", () => {
  const body = {
    email: 'kin@example.com',
    share_at_date: '2030-03-12',
    share_at_time: '09:00',
    timezone: 'Europe/London',
  };
  const now = new Date('2027-01-01T00:00:00Z');

  it(`takes up to ${NOTE_MAX} characters once trimmed, and refuses one more in the note's own words`, () => {
    expect(scheduleBody.parse({ ...body, note: ` ${'a'.repeat(NOTE_MAX)}\n` }).note).toBe(
      'a'.repeat(NOTE_MAX),
    );
    const refused = scheduleBody.safeParse({ ...body, note: 'a'.repeat(NOTE_MAX + 1) });
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['note'], NOTE_MESSAGES.tooLong],
    ]);
  });

  it("is read into its column as written, and left to the column's default (none) when absent or blank", () => {
    expect(scheduleFrom(scheduleBody.parse({ ...body, note: ' Hello ' }), now).note).toBe('Hello');
    expect(scheduleFrom(scheduleBody.parse({ ...body, note: '  ' }), now)).not.toHaveProperty('note');
    expect(scheduleFrom(scheduleBody.parse(body), now)).not.toHaveProperty('note');
  });
});

describe("the sender's note of a scheduled delivery", () => {
  let ctx: TestContext;
  let owner: SignedIn;
  let other: SignedIn;
  const schedule = (who: SignedIn, id: number, fields: Record<string, unknown> = {}) =>
    scheduleThroughApi(ctx, who, id, fields, 'note');
  const getVideo = (who: SignedIn, id: number) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(videoRoutes.detail, { id }), headers: bearer(who.token) });
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await signUpUser(ctx);
    other = await signUpUser(ctx);
    await insertMembership(ctx.deps.db, owner.id);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is stored trimmed, shown back to the owner, and read by the recipient on the watch page as text', async () => {
    const note = '  For your 18th birthday. <b>Not bold</b> & not a link.  ';
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft', title: 'Birthday' });
    expect((await schedule(owner, videoId, { note })).statusCode).toBe(200);
    const [row] = await deliveriesOf(ctx.deps.db, videoId);
    expect(row!.note).toBe(note.trim());
    expect((await getVideo(owner, videoId)).json().data.delivery.note).toBe(note.trim());

    await ctx.deps.db
      .update(scheduledDeliveries)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(scheduledDeliveries.id, row!.id));
    const page = await watch(watchToken(ctx.deps.secret, row!.messageId));
    expect(page.statusCode).toBe(200);
    // Given as it was written: the page shows it as text, nothing in it is turned into markup.
    expect(page.json().data.note).toBe(note.trim());
  });

  it('is left out when empty, and a changed schedule without one drops it', async () => {
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    expect((await schedule(owner, videoId, { note: 'First words' })).statusCode).toBe(200);
    expect((await schedule(owner, videoId, { note: '   ' })).statusCode).toBe(200);
    const rows = await deliveriesOf(ctx.deps.db, videoId);
    expect(rows.map((row) => row.note).sort()).toEqual(['First words', null]);
    const delivery = (await getVideo(owner, videoId)).json().data.delivery;
    expect(delivery).not.toHaveProperty('note');
    const live = rows.find((row) => row.status === 'pending')!;
    expect(live.note).toBeNull();
    expect((await watch(watchToken(ctx.deps.secret, live.messageId))).json().data).not.toHaveProperty('note');
  });

  it(`refuses a note over ${NOTE_MAX} characters with a 422, and stores nothing`, async () => {
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    const refused = await schedule(owner, videoId, { note: 'x'.repeat(NOTE_MAX + 1) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.note).toEqual([NOTE_MESSAGES.tooLong]);
    expect(await deliveriesOf(ctx.deps.db, videoId)).toEqual([]);
    // Exactly the limit, once trimmed, is taken.
    const taken = await schedule(owner, videoId, { note: ` ${'x'.repeat(NOTE_MAX)} ` });
    expect(taken.statusCode).toBe(200);
  });

  it('is shown to no one else: another user gets 404 for the video, a cancelled link tells nothing', async () => {
    const videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    expect((await schedule(owner, videoId, { note: 'Only for you' })).statusCode).toBe(200);
    const stranger = await getVideo(other, videoId);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Only for you');
    // Another user cannot write a note on the owner's video either; the stored one stays.
    const attack = await schedule(other, videoId, { note: 'Hijacked' });
    expect(attack.statusCode).toBe(404);
    const [row] = await deliveriesOf(ctx.deps.db, videoId);
    expect(row!.note).toBe('Only for you');
    await ctx.deps.db
      .update(scheduledDeliveries)
      .set({ status: 'cancelled' })
      .where(eq(scheduledDeliveries.id, row!.id));
    const gone = await watch(watchToken(ctx.deps.secret, row!.messageId));
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Only for you');
  });
});
