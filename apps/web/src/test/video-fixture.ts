import type { Video, VideoFolder } from '@pw/contracts';

/** A complete Video as the server returns it, for component tests. */
export function videoFixture(id: number, type: VideoFolder, extra: Partial<Video> = {}): Video {
  return {
    id,
    title: `Video ${id}`,
    description: 'Words for later',
    type,
    status: 'ready',
    state: 'ready',
    failure_reason: null,
    damaged: false,
    merging: null,
    video_link: `/media/${id}.mp4`,
    video_thumbnail: null,
    captions: [],
    duration: '00:00:12',
    duration_seconds: 12,
    hashtags: [],
    total_likes: 0,
    is_liked: false,
    search_code: `SEARCH${id}`,
    access_code: type === 'final' ? `ACCESS${id}` : null,
    is_private: 1,
    creator: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    email: null,
    share_at_date: null,
    share_at_time: null,
    timezone: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...extra,
  };
}
