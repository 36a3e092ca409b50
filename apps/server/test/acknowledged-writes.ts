/**
 * A write load on a running server, and what of it the database holds: contact-us messages, sign-ups,
 * video uploads (a draft) and scheduled deliveries (a video sent on a date decades ahead), each write
 * remembered by a key once it was answered 2xx, the same keys read back through the admin's lists and
 * the uploaders' own folders. A write that was acknowledged and lost shows as a key that is missing.
 */
import {
  accountRoutes,
  adminAccountRoutes,
  queryRoutes,
  routeUrl,
  videoRoutes,
  type ApiRoute,
} from '@pw/contracts';
import fsp from 'node:fs/promises';
import { makeClip, makeClipDir } from './media-fixtures';

export const WRITE_KINDS = ['contact', 'signup', 'upload', 'schedule'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** The running server the load writes to (its address changes with nothing; its process does). */
export interface Target {
  url: string;
}

/** A signed-up user and their session: the uploaders, and the users of the load's sign-ups. */
export interface Uploader {
  email: string;
  token: string;
}

/**
 * A quarter of the writes are sign-ups; one in eight an upload, one in eight a schedule; the rest
 * messages. Uploads are by the uploaders signed up before the load; each schedule is by a user of an
 * earlier sign-up of the load, who has no video scheduled yet (one at a time without a membership).
 */
export function kindOf(n: number): WriteKind {
  if (n % 4 === 0) return 'signup';
  if (n % 8 === 1) return 'upload';
  if (n % 8 === 5) return 'schedule';
  return 'contact';
}

/** A real video, one second of 160×120 with no sound: a few kilobytes, converted in a moment. */
export async function tinyClip(): Promise<Buffer> {
  const dir = await makeClipDir();
  try {
    return await fsp.readFile(
      await makeClip(dir, 'load.mp4', 'mp4', { seconds: 1, size: '160x120', audio: false }),
    );
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

const signUpBody = (email: string, lastName: string) => ({
  first_name: 'Load',
  last_name: lastName,
  email,
  phone: '5550100',
  address: '1 Load Street',
  map_link: 'https://maps.example.test/load',
  password: 'Load-pass-123',
  password_confirmation: 'Load-pass-123',
  date_of_birth: '1980-12-10',
});

/** One proxy hop: each write comes from an address of its own, under the public forms' limits. */
const fromAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** A sign-up that must go through (the uploaders'): their session's token. */
export async function signUpUploader(target: Target, index: number): Promise<Uploader> {
  const email = `uploader-${index}@lock.test`;
  const response = await fetch(`${target.url}${routeUrl(accountRoutes.userSignup)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.255.0.${index}` },
    body: JSON.stringify(signUpBody(email, `Uploader ${index}`)),
  });
  if (!response.ok) throw new Error(`uploader sign-up: ${response.status} ${await response.text()}`);
  return { email, token: ((await response.json()) as { data: { token: string } }).data.token };
}

/** An upload into Drafts, or into the Scheduled folder with its delivery, titled by its write. */
function videoForm(n: number, kind: 'upload' | 'schedule', clip: Buffer): FormData {
  const form = new FormData();
  form.set('title', `${kind} ${n}`);
  form.set('type', kind === 'upload' ? 'draft' : 'scheduled');
  if (kind === 'schedule') {
    form.set('email', `to-${n}@lock.test`);
    // Decades ahead: no delivery falls due while the test runs, whatever the machine's clock says.
    form.set('share_at_date', '2090-06-15');
    form.set('share_at_time', '12:00');
    form.set('timezone', 'UTC');
  }
  form.append('videos[]', new Blob([new Uint8Array(clip)], { type: 'video/mp4' }), `load-${n}.mp4`);
  return form;
}

export interface LoadParts {
  uploaders: Uploader[];
  clip: Buffer;
}

const answered = async (response: Response) => {
  const text = await response.text();
  return { ok: response.status >= 200 && response.status < 300, text };
};

/**
 * The n-th write of the load, of `kind`, by `user` for an upload or a schedule; `ok` when it was answered
 * 2xx, and a sign-up's session.
 */
export async function write(
  target: Target,
  n: number,
  kind: WriteKind,
  user: Uploader | null,
  clip: Buffer,
): Promise<{ ok: boolean; signedUp?: Uploader }> {
  const headers = { 'x-forwarded-for': fromAddress(n) };
  if (kind === 'upload' || kind === 'schedule') {
    const response = await fetch(`${target.url}${routeUrl(videoRoutes.store)}`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${user!.token}` },
      body: videoForm(n, kind, clip),
    });
    return answered(response);
  }
  const email = `load-${n}@lock.test`;
  const body =
    kind === 'signup'
      ? signUpBody(email, `Person ${n}`)
      : { name: 'Load', email: 'load@lock.test', subject: `message ${n}`, message: 'Hello' };
  const response = await fetch(
    `${target.url}${routeUrl(kind === 'signup' ? accountRoutes.userSignup : queryRoutes.contactUs)}`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const { ok, text } = await answered(response);
  if (!ok || kind !== 'signup') return { ok };
  return { ok, signedUp: { email, token: (JSON.parse(text) as { data: { token: string } }).data.token } };
}

/** Loops of writes; each one answered 2xx is remembered by its key (`contact:12`, `upload:17`, …). */
export class Load {
  acknowledged = new Set<string>();
  /** The users asked to schedule a video (whose Scheduled folder holds what was acknowledged). */
  schedulers: Uploader[] = [];
  /** Users of acknowledged sign-ups who have not been asked to schedule yet. */
  private fresh: Uploader[] = [];
  private sent = 0;
  private running = false;
  private loops: Array<Promise<void>> = [];
  constructor(
    private readonly target: Target,
    private readonly parts: LoadParts,
  ) {}
  start(loops = 3) {
    this.running = true;
    this.loops = Array.from({ length: loops }, () => this.loop());
  }
  /** The n-th write's kind and author; a schedule with no fresh user yet becomes a message. */
  private next(): { n: number; kind: WriteKind; user: Uploader | null } {
    const n = (this.sent += 1);
    const kind = kindOf(n);
    if (kind === 'upload') {
      const { uploaders } = this.parts;
      return { n, kind, user: uploaders[Math.floor(n / 8) % uploaders.length]! };
    }
    if (kind !== 'schedule') return { n, kind, user: null };
    const user = this.fresh.shift();
    if (!user) return { n, kind: 'contact', user: null };
    this.schedulers.push(user);
    return { n, kind, user };
  }
  private async loop() {
    while (this.running) {
      const { n, kind, user } = this.next();
      try {
        const { ok, signedUp } = await write(this.target, n, kind, user, this.parts.clip);
        if (ok) this.acknowledged.add(`${kind}:${n}`);
        if (signedUp) this.fresh.push(signedUp);
      } catch {
        // The server is gone (killed or stopped): this write was never acknowledged.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
  /** Waits for `count` acknowledged writes; a server that stopped answering fails the test. */
  async until(count: number) {
    const deadline = Date.now() + 180_000;
    while (this.acknowledged.size < count) {
      if (Date.now() > deadline)
        throw new Error(`${this.acknowledged.size} of ${count} acknowledged after 3 min`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** Every page of one admin list, read whole. */
async function readAll<T>(target: Target, token: string, url: (page: number) => string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${target.url}${url(page)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { data } = (await response.json()) as { data: T[] };
    rows.push(...data);
    if (data.length < 999) return rows;
  }
}

interface ListedVideo {
  title: string;
  delivery?: { recipient_email: string; status: string } | null;
}

/** One folder of an uploader; none when their account or session is gone (every write of theirs lost). */
async function folder(target: Target, uploader: Uploader, route: ApiRoute): Promise<ListedVideo[]> {
  const response = await fetch(`${target.url}${routeUrl(route)}`, {
    headers: { authorization: `Bearer ${uploader.token}` },
  });
  return response.ok ? ((await response.json()) as { data: ListedVideo[] }).data : [];
}

/** The numbered writes found in stored values: `message 12`, `load-12@lock.test`, `upload 12`. */
const keysOf = (kind: WriteKind, values: string[], pattern: RegExp) =>
  values.flatMap((value) => {
    const found = pattern.exec(value);
    return found ? [`${kind}:${found[1]}`] : [];
  });

/**
 * The key of every write stored: contact-us subjects and users' e-mails through the admin's lists, the
 * uploaders' drafts, and the schedulers' scheduled videos (each counted only with its pending delivery to
 * the address its write gave).
 */
export async function storedKeys(
  target: Target,
  admin: { email: string; password: string },
  { uploaders, schedulers }: { uploaders: Uploader[]; schedulers: Uploader[] },
): Promise<Set<string>> {
  const login = await fetch(`${target.url}${routeUrl(accountRoutes.adminLogin)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const perPage = (page: number) => ({ page, per_page: 999 });
  const messages = await readAll<{ subject: string }>(target, token, (page) =>
    routeUrl(queryRoutes.list, {}, perPage(page)),
  );
  const users = await readAll<{ email: string }>(target, token, (page) =>
    routeUrl(adminAccountRoutes.users, {}, perPage(page)),
  );
  const drafts: ListedVideo[] = [];
  const scheduled: ListedVideo[] = [];
  for (const uploader of uploaders) drafts.push(...(await folder(target, uploader, videoRoutes.listDraft)));
  for (const scheduler of schedulers)
    scheduled.push(...(await folder(target, scheduler, videoRoutes.listScheduled)));
  const deliveries = scheduled.flatMap(({ title, delivery }) =>
    delivery?.status === 'pending' ? [`${title} to ${delivery.recipient_email}`] : [],
  );
  return new Set([
    ...keysOf(
      'contact',
      messages.map((row) => row.subject),
      /^message (\d+)$/,
    ),
    ...keysOf(
      'signup',
      users.map((row) => row.email),
      /^load-(\d+)@lock\.test$/,
    ),
    ...keysOf(
      'upload',
      drafts.map((row) => row.title),
      /^upload (\d+)$/,
    ),
    ...keysOf('schedule', deliveries, /^schedule (\d+) to to-\1@lock\.test$/),
  ]);
}

/** Per kind of write: how many were answered 2xx, and how many of those the database holds. */
export function tally(acknowledged: Set<string>, stored: Set<string>) {
  return Object.fromEntries(
    WRITE_KINDS.map((kind) => {
      const keys = [...acknowledged].filter((key) => key.startsWith(`${kind}:`));
      return [kind, { acknowledged: keys.length, stored: keys.filter((key) => stored.has(key)).length }];
    }),
  ) as Record<WriteKind, { acknowledged: number; stored: number }>;
}

export const missing = (acknowledged: Set<string>, stored: Set<string>) =>
  [...acknowledged].filter((key) => !stored.has(key));
