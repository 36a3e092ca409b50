import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { createAccount, videoRow, videoServiceFor } from '../../../test/video-helpers';
import { AppError } from '../../platform/errors';
import { createVideosRepo, type VideosRepo } from './videos.repo';

/** Rules that the HTTP tests cannot reach deterministically. */
describe('video service', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('turns a violation of the one-final-video index into the folder 409', async () => {
    const user = await createAccount(ctx);
    const repo = createVideosRepo(ctx.deps.db);
    await repo.insert({
      ownerId: user.id,
      title: 'Final',
      folder: 'final',
      state: 'ready',
      searchCode: 'FINAL001',
    });
    const scheduled = await repo.insert({
      ownerId: user.id,
      title: 'Scheduled',
      folder: 'scheduled',
      state: 'ready',
      searchCode: 'SCHED001',
    });
    // As if another request had filled the final folder between the check and the write.
    const racingRepo: VideosRepo = { ...repo, finalOf: async () => null };
    const service = videoServiceFor(ctx, { repo: racingRepo });
    const error = await service
      .move({ id: user.id }, scheduled.id, { type: 'final' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).message).toBe(
      'A file already exists in that folder. It needs to be removed before placing another file there.',
    );
    expect((await videoRow(ctx, scheduled.id))!.folder).toBe('scheduled');
  });
});
