import { videoRoutes, type Video } from '@pw/contracts';
import { callRoute } from '@/lib/api';

/** `GET /api/web/user/video/{id}`: one of the caller's videos, e.g. to follow its processing. */
export async function fetchVideo(id: number, signal?: AbortSignal): Promise<Video> {
  return (await callRoute(videoRoutes.detail, { params: { id }, signal })).data;
}

const settled = (video: Video | undefined) => video?.state === 'ready' || video?.state === 'failed';

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
 * Follows a just-stored video until the server has converted it (ready) or given up (failed). A failed
 * read (a dropped connection) is tried again on the next round; aborting `signal` stops waiting.
 */
export async function waitUntilProcessed(
  video: Video,
  signal: AbortSignal,
  intervalMs = 2000,
): Promise<Video> {
  let current = video;
  while (!settled(current)) {
    await sleep(intervalMs, signal);
    try {
      current = await fetchVideo(video.id, signal);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
    }
  }
  return current;
}
