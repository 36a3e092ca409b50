import { isQuotaError, type RecordingMeta, type RecordingStore } from './recording-store';

/** '3 min 12 s', '45 s', '1 h 2 min 5 s': a length said in words, as the recovery offer says it. */
export function spokenLength(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const parts: string[] = [];
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  if (seconds || parts.length === 0) parts.push(`${seconds} s`);
  return parts.join(' ');
}

/** 'You have a recording from 14:02 (3 min 12 s) that was not saved.', in the device's local time. */
export function unsavedSentence(
  meta: Pick<RecordingMeta, 'startedAt' | 'seconds'>,
  now = new Date(),
): string {
  const started = new Date(meta.startedAt);
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(started.getHours())}:${pad(started.getMinutes())}`;
  // Another day's recording names its day too, so "from 14:02" is never taken for today's.
  const sameDay = started.toDateString() === now.toDateString();
  const when = sameDay
    ? time
    : `${started.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}, ${time}`;
  return `You have a recording from ${when} (${spokenLength(meta.seconds)}) that was not saved.`;
}

/**
 * Whether another page of this browser is recording it now: the recorder holds a Web Lock named after
 * the recording for as long as its page has it, and the browser lets go of it when that page closes or
 * crashes. Without Web Locks nothing counts as live.
 */
export async function isLive(id: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks) return false;
  return navigator.locks.request(lockName(id), { ifAvailable: true }, (lock) => lock === null);
}

/** Holds the recording's lock until the returned function is called (or the page goes). */
export function holdLive(id: string): () => void {
  if (typeof navigator === 'undefined' || !navigator.locks) return () => undefined;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  void navigator.locks.request(lockName(id), () => held).catch(() => undefined);
  return release;
}

const lockName = (id: string) => `parting-words-recording:${id}`;

/**
 * The recordings to offer back, newest first: this account's, with something kept, that no page is
 * recording and that are not waiting in the edit list already (there, the upload screen shows them).
 * A record that never got a piece holds nothing to offer and is dropped.
 */
export async function unsavedRecordings(
  store: RecordingStore,
  options: {
    accountId: string | null;
    inEditList: ReadonlySet<string>;
    live?: (id: string) => Promise<boolean>;
  },
): Promise<RecordingMeta[]> {
  const live = options.live ?? isLive;
  const offered: RecordingMeta[] = [];
  for (const meta of await store.list()) {
    if (meta.accountId !== options.accountId || options.inEditList.has(meta.name)) continue;
    if (await live(meta.id)) continue;
    if (meta.chunks === 0) {
      await store.remove(meta.id).catch(() => undefined);
      continue;
    }
    offered.push(meta);
  }
  return offered.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/**
 * The server holds these files now (its store call answered with the video made of them): their copies
 * on the device go. Anything else stays.
 */
export async function forgetUploaded(store: RecordingStore, names: readonly string[]): Promise<void> {
  const uploaded = new Set(names);
  const metas = await store.list().catch(() => [] as RecordingMeta[]);
  await Promise.all(
    metas
      .filter((meta) => uploaded.has(meta.name))
      .map((meta) => store.remove(meta.id).catch(() => undefined)),
  );
}

export type KeepingProblem = 'quota' | 'unavailable';

/** Where the recording is while it is made, when all goes well (docs/product.md §4.5). */
export const KEPT_ON_DEVICE =
  'Kept on this device as you record, until it is uploaded: a closed page or a crash does not lose it.';

/** What the recorder says when it cannot keep its copy on the device. */
export const KEEPING_MESSAGES: Record<KeepingProblem, string> = {
  quota:
    'This device has no room left, so the recording is no longer being copied to it as you go. ' +
    'It is still recording, and Save still uploads all of it: keep this page open until it is saved.',
  unavailable:
    'This browser does not let the recorder keep a copy on this device, so closing this page would lose ' +
    'the recording. It is still recording: keep this page open until it is saved.',
};

export interface RecordingKeeper {
  /** Queues the next piece with the length recorded so far. */
  add(chunk: Blob, seconds: number): void;
  /** Resolves once every piece queued so far is written (or writing stopped). */
  flushed(): Promise<void>;
}

/**
 * Writes a recording's pieces one after another, in order. After a failed write it writes no more: the
 * copy on the device stays a whole beginning of the recording, never one with a hole in it. The first
 * failure is reported once.
 */
export function keepRecording(
  store: RecordingStore,
  meta: Omit<RecordingMeta, 'seconds' | 'chunks' | 'bytes'>,
  onProblem: (problem: KeepingProblem) => void,
): RecordingKeeper {
  let failed = false;
  const fail = (error: unknown) => {
    if (failed) return;
    failed = true;
    onProblem(isQuotaError(error) ? 'quota' : 'unavailable');
  };
  let queue: Promise<void> = store.begin(meta).catch(fail);
  return {
    add(chunk, seconds) {
      queue = queue.then(() => (failed ? undefined : store.append(meta.id, chunk, seconds).catch(fail)));
    },
    flushed: () => queue,
  };
}
