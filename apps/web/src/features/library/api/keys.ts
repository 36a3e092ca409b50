import type { VideoFolder } from '@pw/contracts';

/** Query keys of the library: every video mutation invalidates `videoKeys.all`. */
export const videoKeys = {
  all: ['videos'] as const,
  list: (folder: VideoFolder) => ['videos', 'list', folder] as const,
};
