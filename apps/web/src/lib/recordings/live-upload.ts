import { VIDEO_TUS_PATH } from '@pw/contracts';
import { API_BASE } from '@/lib/api';
import { waitForNetwork } from '@/lib/network';
import { session } from '@/lib/session';
import { nextSend, type NextSend } from './bytes-to-send';

/**
 * A recording uploaded while it is made (docs/product.md §4.5): one tus upload whose length is told at the
 * end (Upload-Defer-Length), fed the pieces in order. Without a network it waits and goes on from the
 * server's offset (HEAD) when the network is back; an upload the server no longer has is begun again.
 * Any other refusal (too many unfinished uploads, …) turns it off: Save then uploads the file as a
 * picked file is.
 */
export type LiveUploadState = 'sending' | 'waiting' | 'sent' | 'off';

export interface LiveUploadDeps {
  fetch: typeof fetch;
  token: () => string | null;
  waitForNetwork: (signal?: AbortSignal) => Promise<void>;
  now: () => number;
  /** The tus collection's address. */
  endpoint: string;
  /** How long to wait before asking again after a 5xx or a lock. */
  retryMs: number;
}

export interface LiveUploadOptions {
  name: string;
  type: string;
  /** An upload begun before (a recording offered back): resumed from the server's offset. */
  uploadUrl?: string | null;
  /** The upload's address whenever it changes, for the device copy's record (null: none). */
  onUrl?: (url: string | null) => void;
  deps?: Partial<LiveUploadDeps>;
}

/** The server's answer when it was not the one expected. */
class TusAnswer extends Error {
  constructor(readonly status: number) {
    super(`tus answered ${status}`);
  }
}

const defaults = (): LiveUploadDeps => ({
  fetch: (...args) => fetch(...args),
  token: () => session.token(),
  waitForNetwork: (signal) => waitForNetwork(signal),
  now: () => Date.now(),
  endpoint: new URL(`${API_BASE}${VIDEO_TUS_PATH}`, window.location.origin).href,
  retryMs: 3000,
});

const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** The upload's id: the last segment of its address, as the store call names it. */
export const uploadIdOf = (url: string) => decodeURIComponent(url.replace(/\/+$/, '').split('/').pop() ?? '');

export class LiveUpload {
  state: LiveUploadState = 'sending';
  private readonly deps: LiveUploadDeps;
  private readonly listeners = new Set<(state: LiveUploadState) => void>();
  private pieces: Blob[] = [];
  private kept = 0;
  private ended = false;
  private url: string | null;
  /** What the server holds, or null until a HEAD tells it. */
  private offset: number | null = null;
  private length: number | null = null;
  private lastSend: number;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly abort = new AbortController();
  private settle: (id: string | null) => void = () => undefined;
  private readonly result: Promise<string | null>;

  constructor(private readonly options: LiveUploadOptions) {
    this.deps = { ...defaults(), ...options.deps };
    this.url = options.uploadUrl ?? null;
    this.lastSend = this.deps.now();
    this.result = new Promise((resolve) => (this.settle = resolve));
  }

  /** Calls `listener` with every change of state; answers the function that stops it. */
  subscribe(listener: (state: LiveUploadState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Bytes handed over so far (the whole recording once it ended). */
  get bytes(): number {
    return this.kept;
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  /** Resolves as `end()` does, without ending it. */
  settled(): Promise<string | null> {
    return this.result;
  }

  /** The next piece of the recording, in order. */
  add(piece: Blob) {
    if (piece.size === 0 || this.ended) return;
    this.pieces.push(piece);
    this.kept += piece.size;
    this.kick();
  }

  /** The recording ended: sends the rest and tells the length. Resolves with the upload id, or null if off. */
  end(): Promise<string | null> {
    this.ended = true;
    if (this.kept === 0) this.turnOff();
    else this.kick();
    return this.result;
  }

  /** Stops sending (the recording is discarded) and removes what the server had of it. */
  async cancel(): Promise<void> {
    this.turnOff();
    this.abort.abort();
    if (this.url) await terminateUpload(this.url, this.deps);
  }

  private setState(state: LiveUploadState) {
    if (this.state === state || this.state === 'off') return;
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  private turnOff() {
    this.setState('off');
    clearTimeout(this.timer);
    this.settle(null);
  }

  private kick() {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) this.kick();
    });
  }

  private async run() {
    this.again = false;
    while (this.state !== 'off' && this.state !== 'sent') {
      try {
        if (!this.url) await this.create();
        if (this.offset === null) await this.head();
        const step = nextSend({
          kept: this.kept,
          serverOffset: this.offset!,
          serverLength: this.length,
          ended: this.ended,
          sinceLastSend: this.deps.now() - this.lastSend,
        });
        if (step.kind === 'idle') return;
        if (step.kind === 'later') {
          this.timer = setTimeout(() => this.kick(), step.inMs);
          return;
        }
        if (step.kind === 'done') {
          // The server has every byte: the page need not hold them twice (the recorder has its file).
          this.pieces = [];
          this.setState('sent');
          this.settle(uploadIdOf(this.url!));
          return;
        }
        if (step.kind === 'restart') {
          void terminateUpload(this.url!, this.deps);
          this.forget();
          continue;
        }
        await this.patch(step);
        this.setState('sending');
      } catch (error) {
        if (this.abort.signal.aborted) return;
        if (!(await this.recover(error))) {
          this.turnOff();
          return;
        }
      }
    }
  }

  /** After a failed request: true to go on (having waited as long as needed), false to give up. */
  private async recover(error: unknown): Promise<boolean> {
    if (error instanceof TusAnswer) {
      const { status } = error;
      if (status === 404 || status === 410) this.forget();
      else if (status === 409) this.offset = null;
      else if (status === 423 || status >= 500) {
        this.offset = null;
        await new Promise((resolve) => setTimeout(resolve, this.deps.retryMs));
      } else return false;
      return true;
    }
    // No answer at all: the network is gone, or the server out of reach.
    this.setState('waiting');
    await this.deps.waitForNetwork(this.abort.signal).catch(() => undefined);
    this.offset = null;
    return true;
  }

  /** The server no longer has the upload (swept, removed) or holds other bytes: a new one is begun. */
  private forget() {
    this.url = null;
    this.offset = null;
    this.length = null;
    this.options.onUrl?.(null);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const token = this.deps.token();
    return { 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra };
  }

  private async create() {
    const response = await this.deps.fetch(this.deps.endpoint, {
      method: 'POST',
      headers: this.headers({
        'Upload-Defer-Length': '1',
        'Upload-Metadata': `filename ${base64(this.options.name)},filetype ${base64(this.options.type)}`,
      }),
      signal: this.abort.signal,
    });
    const location = response.headers.get('location');
    if (response.status !== 201 || !location) throw new TusAnswer(response.status);
    this.url = new URL(location, this.deps.endpoint).href;
    this.offset = 0;
    this.length = null;
    this.options.onUrl?.(this.url);
  }

  private async head() {
    const response = await this.deps.fetch(this.url!, {
      method: 'HEAD',
      headers: this.headers(),
      signal: this.abort.signal,
    });
    if (response.status !== 200) throw new TusAnswer(response.status);
    this.offset = Number(response.headers.get('upload-offset'));
    const length = response.headers.get('upload-length');
    this.length = length === null ? null : Number(length);
  }

  private async patch(step: Extract<NextSend, { kind: 'send' }>) {
    this.lastSend = this.deps.now();
    const body = new Blob(this.pieces).slice(step.start, step.end);
    const response = await this.deps.fetch(this.url!, {
      method: 'PATCH',
      headers: this.headers({
        'Upload-Offset': String(step.start),
        'Content-Type': 'application/offset+octet-stream',
        ...(step.length === null ? {} : { 'Upload-Length': String(step.length) }),
      }),
      body,
      signal: this.abort.signal,
    });
    if (response.status !== 204) throw new TusAnswer(response.status);
    this.offset = Number(response.headers.get('upload-offset'));
    if (step.length !== null) this.length = step.length;
  }
}

/** Removes an upload from the server; offline or refused, the server sweeps it after a day. */
export async function terminateUpload(url: string, deps: Partial<LiveUploadDeps> = {}): Promise<void> {
  const { fetch: send, token } = { ...defaults(), ...deps };
  const bearer = token();
  await send(url, {
    method: 'DELETE',
    headers: { 'Tus-Resumable': '1.0.0', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
  }).catch(() => undefined);
}
