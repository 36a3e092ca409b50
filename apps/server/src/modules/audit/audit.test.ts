import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ADMIN_READ_MESSAGES,
  ADMIN_READS_PAGE,
  adminAccountRoutes,
  auditRoutes,
  notificationKinds,
  notificationRoutes,
  routeUrl,
} from '@pw/contracts';
import { contextForSuite } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import {
  ADMIN_ENV,
  get,
  signInAdmin,
  signUpFuneralHome,
  signUpUser,
  type SignedIn,
} from '../accounts/accounts.fixtures';
import { notifications } from '../notifications/notifications.schema';
import { adminReads } from './audit.schema';
import { DETAILS_VISIT_MS } from './audit.service';

const REASON = 'The family reported a playback problem (ticket 118).';

/**
 * An administrator's reading of an owner's private data (docs/product.md §11.10): the sealed message only
 * for a stated reason, every read recorded with it, the owner told and shown each one, and nobody else.
 */
describe('administrators reading an owner’s private data', () => {
  const ctx = contextForSuite({ ...ADMIN_ENV, ADMIN_NAME: 'Morgan Lee' });
  let admin: SignedIn;
  let owner: SignedIn;
  let other: SignedIn;
  let home: SignedIn;
  let videoId: number;

  const readWords = (id: number, query?: Record<string, string>, token = admin.token) =>
    get(ctx, routeUrl(adminAccountRoutes.partingWords, { id }, query), token);
  const readsOf = (ownerId: number) =>
    ctx.deps.db.select().from(adminReads).where(eq(adminReads.ownerId, ownerId));
  const noticesOf = (userId: number) =>
    ctx.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
  const listOf = (who: SignedIn, query?: Record<string, string | number>) =>
    get(ctx, routeUrl(auditRoutes.userList, {}, query), who.token);

  beforeAll(async () => {
    admin = await signInAdmin(ctx);
    owner = await signUpUser(ctx, { first_name: 'Olive', last_name: 'Owner' });
    other = await signUpUser(ctx, { first_name: 'Otto', last_name: 'Other' });
    home = await signUpFuneralHome(ctx);
    videoId = await insertVideo(ctx.deps.db, owner.id, { folder: 'final', title: 'For my children' });
    await insertVideo(ctx.deps.db, other.id, { folder: 'final', title: 'Not read' });
  });

  it('refuses the sealed message without a reason, or with one too short or too long: 422, nothing served or recorded', async () => {
    const cases: Array<[Record<string, string> | undefined, string]> = [
      [undefined, ADMIN_READ_MESSAGES.reasonRequired],
      [{ reason: '' }, ADMIN_READ_MESSAGES.reasonRequired],
      [{ reason: '          ' }, ADMIN_READ_MESSAGES.reasonRequired],
      [{ reason: 'curious' }, ADMIN_READ_MESSAGES.reasonShort],
      [{ reason: 'x'.repeat(501) }, ADMIN_READ_MESSAGES.reasonLong],
    ];
    for (const [query, message] of cases) {
      const response = await readWords(owner.id, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(response.json().errors.reason).toEqual([message]);
      expect(response.body).not.toContain('For my children');
    }
    expect(await readsOf(owner.id)).toEqual([]);
    expect(await noticesOf(owner.id)).toEqual([]);
  });

  it('refuses a caller without a credential (401) and the other roles (403), recording nothing', async () => {
    const url = routeUrl(adminAccountRoutes.partingWords, { id: owner.id }, { reason: REASON });
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await readWords(owner.id, { reason: REASON }, owner.token)).statusCode).toBe(403);
    expect((await readWords(owner.id, { reason: REASON }, home.token)).statusCode).toBe(403);
    expect(await readsOf(owner.id)).toEqual([]);
  });

  it('serves the message for a reason, with its record and the owner’s notice written, and only the owner sees them', async () => {
    const before = ctx.clock.now();
    const response = await readWords(owner.id, { reason: `  ${REASON}  ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: videoId, title: 'For my children' });
    expect(response.headers['cache-control']).toBe('private, no-store');

    expect(await readsOf(owner.id)).toEqual([
      {
        id: expect.any(Number),
        ownerId: owner.id,
        adminId: admin.id,
        adminName: 'Morgan Lee',
        what: 'parting_words',
        videoId,
        videoTitle: 'For my children',
        reason: REASON,
        readAt: before,
      },
    ]);

    const bell = await get(ctx, routeUrl(notificationRoutes.bell), owner.token);
    expect(bell.json().data.count).toBe(1);
    expect(bell.json().data.bell[0]).toMatchObject({
      type: notificationKinds.adminRead,
      data: {
        title: 'An administrator opened your Parting Words',
        body: `Morgan Lee opened your final message. Reason given: “${REASON}”`,
        link: ADMIN_READS_PAGE,
      },
    });

    const list = await listOf(owner);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.json()).toMatchObject({
      data: [
        {
          read_at: before.toISOString(),
          administrator: 'Morgan Lee',
          what: 'parting_words',
          video_title: 'For my children',
          reason: REASON,
        },
      ],
      meta: { total: 1, current_page: 1 },
    });

    // Another owner's list holds none of it, and they were told nothing.
    const others = await listOf(other);
    expect(others.json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect(await noticesOf(other.id)).toEqual([]);
  });

  it('records nothing when there is no final message to read', async () => {
    const empty = await signUpUser(ctx);
    const response = await readWords(empty.id, { reason: REASON });
    expect(response.json()).toEqual({ data: null });
    expect(await readsOf(empty.id)).toEqual([]);
    expect(await noticesOf(empty.id)).toEqual([]);
  });

  it('records the details view once a visit, without a bell notice, and lists it', async () => {
    const visited = await signUpUser(ctx);
    const details = () => get(ctx, routeUrl(adminAccountRoutes.userDetail, { id: visited.id }), admin.token);
    expect((await details()).statusCode).toBe(200);
    // Read again after a status toggle: the same visit.
    ctx.clock.advance(DETAILS_VISIT_MS - 1000);
    expect((await details()).statusCode).toBe(200);
    expect(await readsOf(visited.id)).toHaveLength(1);
    ctx.clock.advance(2000);
    expect((await details()).statusCode).toBe(200);
    const rows = await readsOf(visited.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      what: 'account_details',
      adminId: admin.id,
      reason: null,
      videoId: null,
    });
    expect(await noticesOf(visited.id)).toEqual([]);
    const list = await listOf(visited, { per_page: 10 });
    expect(list.json().data.map((item: { what: string }) => item.what)).toEqual([
      'account_details',
      'account_details',
    ]);
    // Newest first.
    expect(new Date(list.json().data[0].read_at) > new Date(list.json().data[1].read_at)).toBe(true);
  });

  it('pages the owner’s list like every list', async () => {
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advance(1000);
      expect((await readWords(owner.id, { reason: `${REASON} #${i}` })).statusCode).toBe(200);
    }
    const page = await listOf(owner, { per_page: 10, page: 1 });
    expect(page.json().meta).toMatchObject({ total: 4, from: 1, to: 4 });
    expect(page.json().data[0].reason).toBe(`${REASON} #2`);
  });

  describe('GET /web/user/audit', () => {
    it('refuses a bad page size or sort (422)', async () => {
      expect((await listOf(owner, { per_page: 7 })).statusCode).toBe(422);
      expect((await listOf(owner, { sort: 'reason' })).statusCode).toBe(422);
    });

    it('refuses a caller without a credential (401) and the other roles (403)', async () => {
      const url = routeUrl(auditRoutes.userList);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(ctx, url, 'forged-token')).statusCode).toBe(401);
      expect((await get(ctx, url, home.token)).statusCode).toBe(403);
      expect((await get(ctx, url, admin.token)).statusCode).toBe(403);
    });
  });
});
