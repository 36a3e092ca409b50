import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { Folder } from '../flow/upload-flow';
import type { UploadedVideo } from './video';

/** Spec §7: the folder lists (`list` is My Parting Words). */
export const FOLDER_LIST_PATHS: Record<Folder, string> = {
  final: '/web/user/video/list',
  scheduled: '/web/user/video/list/scheduled',
  draft: '/web/user/video/list/draft',
};

export async function fetchFolderVideos(folder: Folder, signal?: AbortSignal): Promise<UploadedVideo[]> {
  const response = await api.get<{ data: UploadedVideo[] | { data: UploadedVideo[] } }>(
    `${FOLDER_LIST_PATHS[folder]}?per_page=999`,
    signal,
  );
  return Array.isArray(response.data) ? response.data : response.data.data;
}

export function useFolderVideos(folder: Folder) {
  return useQuery({
    queryKey: ['videos', folder],
    queryFn: ({ signal }) => fetchFolderVideos(folder, signal),
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Stopped waiting', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * Follows a just-stored video until the server has converted it (ready) or given up (failed), reading
 * its folder every `intervalMs`. A failed read is tried again on the next round.
 */
export async function waitUntilProcessed(
  video: UploadedVideo,
  signal: AbortSignal,
  intervalMs = 2000,
): Promise<UploadedVideo> {
  let current = video;
  while (current.state !== 'ready' && current.state !== 'failed') {
    await sleep(intervalMs, signal);
    try {
      const list = await fetchFolderVideos(video.type, signal);
      current = list.find((candidate) => candidate.id === video.id) ?? current;
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
    }
  }
  return current;
}
