/**
 * Which bytes of a recording are still to send while it is made (docs/product.md §4.5): the page holds
 * its first `kept` bytes, the server the first `serverOffset`; the length is told to the server only with
 * the last piece, once the recording has ended.
 */
export interface SendState {
  /** Bytes this page holds of the recording, from its start. */
  kept: number;
  /** Bytes the server holds (its Upload-Offset). */
  serverOffset: number;
  /** The length the server was told already, or null while it is still open. */
  serverLength: number | null;
  /** The recording has ended: `kept` is its whole length. */
  ended: boolean;
  /** Milliseconds since the last piece was sent (or the upload began). */
  sinceLastSend: number;
}

export type NextSend =
  /** PATCH bytes start…end; `length` is the Upload-Length to tell with them, when they end it. */
  | { kind: 'send'; start: number; end: number; length: number | null }
  /** Too little yet to be worth a request: look again in `inMs`. */
  | { kind: 'later'; inMs: number }
  /** Nothing to send until the recording brings more. */
  | { kind: 'idle' }
  /** The server holds the whole recording. */
  | { kind: 'done' }
  /** The server holds something this page does not (more bytes, another length): begin a new upload. */
  | { kind: 'restart' };

/** A request per piece of at least this much, or per this long: one stored part every few seconds. */
export const PART_MIN_BYTES = 512 * 1024;
export const PART_INTERVAL_MS = 3000;
/** At most this much in one request, so a request cut off costs little. */
export const PART_MAX_BYTES = 8 * 1024 * 1024;

export function nextSend(state: SendState): NextSend {
  const { kept, serverOffset, serverLength, ended, sinceLastSend } = state;
  if (serverOffset > kept) return { kind: 'restart' };
  if (serverLength !== null && (!ended || serverLength !== kept)) return { kind: 'restart' };
  const pending = kept - serverOffset;
  const end = Math.min(kept, serverOffset + PART_MAX_BYTES);
  if (ended) {
    if (pending === 0 && serverLength !== null) return { kind: 'done' };
    return {
      kind: 'send',
      start: serverOffset,
      end,
      length: end === kept && serverLength === null ? kept : null,
    };
  }
  if (pending === 0) return { kind: 'idle' };
  if (pending >= PART_MIN_BYTES || sinceLastSend >= PART_INTERVAL_MS)
    return { kind: 'send', start: serverOffset, end, length: null };
  return { kind: 'later', inMs: PART_INTERVAL_MS - sinceLastSend };
}
