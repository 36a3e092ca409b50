import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_PERSON, deliveryRoutes, funeralHomeRoutes, routeUrl } from '@pw/contracts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp';
import { signUpUser, type SignedIn } from '../accounts/accounts.fixtures';
import { deleteAccount } from '../account-data/account-data.fixtures';
import { watchGrants } from '../delivery/delivery.schema';
import { videos } from '../videos/videos.schema';
import { funeralRequests } from './funeral-homes.schema';
import { call, finalVideo, openByCode, signUpListedHome } from './funeral-homes.fixtures';

/**
 * Ben opened Olive's released message with its code and handed it on: to a home that published it, to a
 * home that has not yet, and to a person by a watch link. Ben then deleted his account: what he consented
 * to stays, for the homes acting on it and in Olive's list of who holds access, unnamed.
 */
describe("a family member's account deletion keeps the consent they gave", () => {
  let ctx: TestContext;
  let smtp: TestSmtp;
  let olive: SignedIn;
  let ben: SignedIn;
  let published: Awaited<ReturnType<typeof signUpListedHome>>;
  let pending: Awaited<ReturnType<typeof signUpListedHome>>;
  let video: Awaited<ReturnType<typeof finalVideo>>;
  const requestIds: Record<'published' | 'pending', number> = { published: 0, pending: 0 };
  let watchToken = '';
  const friend = 'friend-of-olive@kin.test';

  const grantTo = async (body: object) => {
    const response = await call(ctx, funeralHomeRoutes.grantAccess, ben.token, {
      params: { id: video.id },
      body,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { request_id: number | null };
  };
  const watch = (token: string) =>
    ctx.app.inject({ method: 'GET', url: routeUrl(deliveryRoutes.watch, { token }) });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://pw.test' });
    [olive, ben, published, pending] = await Promise.all([
      signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' }),
      signUpUser(ctx, { first_name: 'Ben', last_name: 'Brother', email: 'ben.brother@kin.test' }),
      signUpListedHome(ctx, { home_name: 'Evergreen Chapel' }),
      signUpListedHome(ctx, { home_name: 'Willow Rest' }),
    ]);
    video = await finalVideo(ctx, olive.id);
    expect((await openByCode(ctx, ben.token, video.accessCode)).statusCode).toBe(200);
    requestIds.published = (await grantTo({ type: 1, email: published.email })).request_id!;
    requestIds.pending = (await grantTo({ type: 1, email: pending.email })).request_id!;
    await grantTo({ type: 0, email: friend });
    watchToken = /\/watch\/([A-Za-z0-9_-]+)/.exec(smtp.messages.find((m) => m.to === friend)!.text)![1]!;
    const publish = await call(ctx, funeralHomeRoutes.publish, published.token, {
      params: { id: requestIds.published },
    });
    expect(publish.statusCode).toBe(200);

    expect((await deleteAccount(ctx, ben.token, { password: ben.password })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('the home that published keeps the request in its User Requests, its sender shown as deleted', async () => {
    const list = await call(ctx, funeralHomeRoutes.requests, published.token);
    expect(list.statusCode).toBe(200);
    const [row] = list.json().data;
    expect(row).toMatchObject({
      id: requestIds.published,
      name: ACCOUNT_DELETED_PERSON,
      email: '',
      video: { id: video.id },
      published_at: expect.any(String),
    });
    const detail = await call(ctx, funeralHomeRoutes.request, published.token, {
      params: { id: requestIds.published },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ name: ACCOUNT_DELETED_PERSON, email: '' });
    const [stored] = await ctx.deps.db.select().from(videos).where(eq(videos.id, video.id));
    expect(stored!.isPrivate).toBe(0);
  });

  it('nothing stored names Ben any more: the request keeps no name or e-mail of his', async () => {
    const rows = await ctx.deps.db
      .select()
      .from(funeralRequests)
      .where(eq(funeralRequests.videoId, video.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ requesterId: null, name: '', email: '' });
    const links = await ctx.deps.db.select().from(watchGrants).where(eq(watchGrants.videoId, video.id));
    expect(links).toEqual([expect.objectContaining({ grantedBy: null, recipientEmail: friend })]);
  });

  it('the home that has not published yet still sees the video it was handed', async () => {
    const response = await call(ctx, funeralHomeRoutes.requestVideo, pending.token, {
      params: { id: requestIds.pending },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: video.id });
  });

  it('Olive\'s "Who has access" still lists every grant, granted by a family member whose account was deleted', async () => {
    const response = await call(ctx, funeralHomeRoutes.grants, olive.token, { params: { id: video.id } });
    expect(response.statusCode).toBe(200);
    const grants = response.json().data as Array<Record<string, unknown>>;
    expect(grants).toHaveLength(3);
    expect(grants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'funeral-home',
          name: 'Evergreen Chapel',
          granted_by: ACCOUNT_DELETED_PERSON,
          published_at: expect.any(String),
          revocable: false,
        }),
        expect.objectContaining({ kind: 'funeral-home', name: 'Willow Rest', revocable: true }),
        expect.objectContaining({ kind: 'person', email: friend, granted_by: ACCOUNT_DELETED_PERSON }),
      ]),
    );
  });

  it("the friend's watch link still opens, its sender unnamed", async () => {
    const response = await watch(watchToken);
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).toContain(ACCOUNT_DELETED_PERSON);
    expect(JSON.stringify(response.json())).not.toContain('Ben');
  });
});
