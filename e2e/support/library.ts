import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Session } from './accounts';

/**
 * Helpers for the library specs: real videos made through the real API (upload of an ffmpeg-generated
 * clip, conversion on the server) for accounts from ./accounts, then a browser session for them.
 */

const FFMPEG = path.resolve(import.meta.dirname, '../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
const clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-clips-'));
const clips = new Map<string, Buffer>();

/** A small H.264/AAC test-pattern clip of `seconds` seconds and `size` pixels (generated once each). */
export function clip(seconds = 2, size = '320x240'): Buffer {
  const key = `${seconds}@${size}`;
  const cached = clips.get(key);
  if (cached) return cached;
  const file = path.join(clipDir, `clip-${seconds}-${size}.mp4`);
  execFileSync(FFMPEG, [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${seconds}`,
    '-shortest',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  const buffer = fs.readFileSync(file);
  clips.set(key, buffer);
  return buffer;
}

export interface ApiVideo {
  id: number;
  title: string;
  type: 'draft' | 'scheduled' | 'final';
  state: string;
  search_code: string;
  access_code: string | null;
  is_private: 0 | 1;
  total_likes: number;
  is_liked: boolean;
}

/** Opens every page of `page` signed in as `session` (spec §3: localStorage `user` and `accessToken`). */
export async function signInBrowser(page: Page, session: Session) {
  // The script runs in the page before the app; a string keeps DOM names out of this Node project.
  const user = JSON.stringify(JSON.stringify(session.user));
  const token = JSON.stringify(session.token);
  await page.addInitScript(
    `if (!localStorage.getItem('accessToken')) {` +
      ` localStorage.setItem('user', ${user}); localStorage.setItem('accessToken', ${token}); }`,
  );
}

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });

/** Uploads a draft through POST /api/web/user/video/store and waits until the server has converted it. */
export async function uploadDraft(
  request: APIRequestContext,
  session: Session,
  title: string,
  seconds = 2,
  size?: string,
): Promise<ApiVideo> {
  const response = await request.post('/api/web/user/video/store', {
    headers: auth(session),
    multipart: {
      'videos[]': { name: `${title}.mp4`, mimeType: 'video/mp4', buffer: clip(seconds, size) },
      type: 'draft',
      title,
      description: `Description of ${title}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: ApiVideo };
  return waitReady(request, session, data.id);
}

export async function getVideo(request: APIRequestContext, session: Session, id: number): Promise<ApiVideo> {
  const response = await request.get(`/api/web/user/video/${id}`, { headers: auth(session) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ApiVideo }).data;
}

export async function waitReady(request: APIRequestContext, session: Session, id: number): Promise<ApiVideo> {
  let video = await getVideo(request, session, id);
  await expect
    .poll(
      async () => {
        video = await getVideo(request, session, id);
        return video.state;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe('ready');
  return video;
}

export async function publish(request: APIRequestContext, session: Session, id: number) {
  const response = await request.post(`/api/web/user/video/${id}/update-status`, {
    headers: auth(session),
    data: {},
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Moves a video into the scheduled folder for a date a year ahead. */
export async function schedule(request: APIRequestContext, session: Session, id: number) {
  const response = await request.post(`/api/web/user/video/${id}/update-type`, {
    headers: auth(session),
    data: {
      type: 'scheduled',
      email: 'kin@example.com',
      share_at_date: `${new Date().getFullYear() + 1}-06-01`,
      share_at_time: '10:00:00',
      timezone: 'Europe/Paris',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function listFolder(
  request: APIRequestContext,
  session: Session,
  folder: 'final' | 'scheduled' | 'draft',
): Promise<ApiVideo[]> {
  const path = folder === 'final' ? '/api/web/user/video/list' : `/api/web/user/video/list/${folder}`;
  const response = await request.get(path, { headers: auth(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiVideo[] }).data;
}

/** Tomorrow as yyyy-mm-dd in the browser's zone (the schedule form's date input). */
export function tomorrow(): string {
  const date = new Date(Date.now() + 24 * 3600 * 1000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
