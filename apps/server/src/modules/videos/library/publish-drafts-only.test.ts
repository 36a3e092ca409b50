import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ONLY_DRAFTS_PUBLISHED, videoRoutes } from '@pw/contracts';
import { insertVideo } from '../../../../test/delivery-fixtures';
import { contextForSuite } from '../../../../test/helpers';
import { signUpUser, type SignedIn } from '../../accounts/accounts.fixtures';
import { call } from '../../funeral-homes/funeral-homes.fixtures';
import { videos } from '../videos.schema';

describe("the owner's 'Make public' (POST /web/user/video/{id}/update-status) takes drafts only", () => {
  let owner: SignedIn;

  const makePublic = (id: number) =>
    call(ctx, videoRoutes.updateStatus, owner.token, { params: { id }, body: { is_private: 0 } });
  const isPrivate = async (id: number) =>
    (await ctx.deps.db.select().from(videos).where(eq(videos.id, id)))[0]!.isPrivate;

  const ctx = contextForSuite();
  beforeAll(async () => {
    owner = await signUpUser(ctx);
  });

  it('a final message stays private while its author lives: 422, nothing changes', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'final' });
    const refused = await makePublic(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: ONLY_DRAFTS_PUBLISHED,
      errors: { is_private: [ONLY_DRAFTS_PUBLISHED] },
    });
    expect(await isPrivate(id)).toBe(1);
  });

  it('a scheduled video is for its recipient: 422, nothing changes', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'scheduled' });
    expect((await makePublic(id)).statusCode).toBe(422);
    expect(await isPrivate(id)).toBe(1);
  });

  it('a draft is published', async () => {
    const id = await insertVideo(ctx.deps.db, owner.id, { folder: 'draft' });
    expect((await makePublic(id)).statusCode).toBe(200);
    expect(await isPrivate(id)).toBe(0);
  });
});
