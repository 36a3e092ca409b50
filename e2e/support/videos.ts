import { expect, type APIRequestContext } from '@playwright/test';
import {
  videoRoutes,
  type ApiRoute,
  type RouteBody,
  type RouteResponse,
  type Video,
  type VideoFolder,
} from '@pw/contracts';
import type { Session } from './accounts';
import { callApi, type CallInput } from './api';
import { clipBytes, type ClipOptions } from './clips';

/**
 * Real videos made through the declared video routes (decision 0127) for accounts from ./accounts:
 * upload a generated clip (converted on the server), read one, list a folder, publish, schedule, move.
 * Every answer is contracts' `Video`, never a type restated here.
 */

/** Calls `route`, which must answer its declared status (200 unless declared); a failure shows the answer. */
export async function succeed<R extends ApiRoute>(
  request: APIRequestContext,
  route: R,
  input: CallInput<R>,
): Promise<RouteResponse<R>> {
  const response = await callApi(request, route, input);
  expect(response.status(), await response.text()).toBe(route.status ?? 200);
  return (await response.json()) as RouteResponse<R>;
}

export async function getVideo(request: APIRequestContext, session: Session, id: number): Promise<Video> {
  return (await succeed(request, videoRoutes.detail, { params: { id }, token: session.token })).data;
}

/** Waits until the server has converted the video (a failure shows its reason in the timeout message). */
export async function waitReady(request: APIRequestContext, session: Session, id: number): Promise<Video> {
  let video = await getVideo(request, session, id);
  await expect
    .poll(
      async () => {
        video = await getVideo(request, session, id);
        return video.state === 'failed' ? `failed: ${video.failure_reason}` : video.state;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe('ready');
  return video;
}

export interface DraftOptions {
  /** The clip to upload (a 2-second 320x240 test pattern unless told). */
  clip?: ClipOptions;
  /** `Description of {title}` unless told. */
  description?: string;
}

/** Uploads one clip as a draft and waits until the server has converted it. */
export async function uploadDraft(
  request: APIRequestContext,
  session: Session,
  title: string,
  { clip, description = `Description of ${title}` }: DraftOptions = {},
): Promise<Video> {
  const stored = await succeed(request, videoRoutes.store, {
    token: session.token,
    multipart: {
      'videos[]': { name: `${title}.mp4`, mimeType: 'video/mp4', buffer: clipBytes(clip) },
      type: 'draft',
      title,
      description,
    },
  });
  return waitReady(request, session, stored.data.id);
}

const FOLDER_ROUTES = {
  final: videoRoutes.listFinal,
  scheduled: videoRoutes.listScheduled,
  draft: videoRoutes.listDraft,
} satisfies Record<VideoFolder, unknown>;

/** The caller's videos in one folder, newest first. */
export async function listFolder(
  request: APIRequestContext,
  session: Session,
  folder: VideoFolder,
): Promise<Video[]> {
  return (await succeed(request, FOLDER_ROUTES[folder], { token: session.token })).data;
}

/** Makes the video public. */
export async function publish(request: APIRequestContext, session: Session, id: number) {
  await succeed(request, videoRoutes.updateStatus, { params: { id }, token: session.token, body: {} });
}

type MoveBody = RouteBody<typeof videoRoutes.updateType>;
export type Delivery = Required<Pick<MoveBody, 'email' | 'share_at_date' | 'share_at_time' | 'timezone'>>;

async function move(request: APIRequestContext, session: Session, id: number, body: MoveBody) {
  await succeed(request, videoRoutes.updateType, { params: { id }, token: session.token, body });
}

/** Moves a video into the scheduled folder: to kin@example.com on 1 June next year unless told. */
export async function schedule(
  request: APIRequestContext,
  session: Session,
  id: number,
  delivery: Delivery = {
    email: 'kin@example.com',
    share_at_date: `${new Date().getFullYear() + 1}-06-01`,
    share_at_time: '10:00:00',
    timezone: 'Europe/Paris',
  },
) {
  await move(request, session, id, { type: 'scheduled', ...delivery });
}

/** Moves a video into My Parting Words (drafts get there through the scheduled folder, docs/product.md §13.5). */
export async function moveToFinal(request: APIRequestContext, session: Session, id: number) {
  await move(request, session, id, { type: 'final' });
}

/** Tomorrow as yyyy-mm-dd in the browser's zone (the schedule form's date input). */
export function tomorrow(): string {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
