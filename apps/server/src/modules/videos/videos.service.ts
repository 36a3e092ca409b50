import { createAllowance } from './allowance';
import { createIntakeService } from './intake';
import { createDraftTrimService, createLibraryService } from './library';
import { createMergeService } from './merge';
import type { VideoServiceDeps } from './service-deps';
import { createVideoInserter } from './video-insert';
import { createVideoLookup } from './video-lookup';
import { createVideoAccess } from './access';

export type { Actor, VideoServiceDeps } from './service-deps';

/**
 * The videos' one service, as the routes call it: intake (store), merging (copy/move) and the library
 * (folders, publishing, likes, codes, the reel) and a draft's trim, built from the same parts.
 */
export function createVideoService(serviceDeps: VideoServiceDeps) {
  const deps = { ...serviceDeps, access: createVideoAccess(serviceDeps) };
  const lookup = createVideoLookup(deps);
  const parts = {
    lookup,
    checkAllowance: createAllowance(deps.payments),
    insertVideo: createVideoInserter(deps.db, deps.repo),
  };
  return {
    ...createIntakeService(deps, parts),
    ...createMergeService(deps, parts),
    ...createLibraryService(deps, lookup),
    ...createDraftTrimService(deps, lookup),
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
