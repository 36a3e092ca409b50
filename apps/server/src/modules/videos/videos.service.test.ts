import { describe, expect, it } from 'vitest';
import { contextForSuite } from '../../../test/helpers';
import { insertVideo } from '../../../test/delivery-fixtures';
import { createAccount, videoRow, videoServiceFor } from '../../../test/video-helpers';
import { AppError } from '../../platform/errors';
import { createVideosRepo, type VideosRepo } from './videos.repo';

/** Rules that the HTTP tests cannot reach deterministically. */
describe('video service', () => {
  const ctx = contextForSuite();

  it('turns a violation of the one-final-video index into the folder 409', async () => {
    const user = await createAccount(ctx);
    const repo = createVideosRepo(ctx.deps.db);
    await insertVideo(ctx.deps.db, user.id, { title: 'Final', folder: 'final' });
    const scheduled = await insertVideo(ctx.deps.db, user.id, { title: 'Scheduled', folder: 'scheduled' });
    // As if another request had filled the final folder between the check and the write.
    const racingRepo: VideosRepo = { ...repo, finalOf: async () => null };
    const service = videoServiceFor(ctx, { repo: racingRepo });
    const error = await service.move({ id: user.id }, scheduled, { type: 'final' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(409);
    expect((error as AppError).message).toBe(
      'A file already exists in that folder. It needs to be removed before placing another file there.',
    );
    expect((await videoRow(ctx, scheduled))!.folder).toBe('scheduled');
  });
});
