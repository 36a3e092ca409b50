import { describe, expect, it } from 'vitest';
import { nextSend, PART_INTERVAL_MS, PART_MAX_BYTES, PART_MIN_BYTES, type SendState } from './bytes-to-send';

const state = (partial: Partial<SendState>): SendState => ({
  kept: 0,
  serverOffset: 0,
  serverLength: null,
  ended: false,
  sinceLastSend: 0,
  ...partial,
});

describe('which bytes of a recording are still to send', () => {
  it('sends what the server lacks once there is enough of it, or enough time went by', () => {
    expect(nextSend(state({ kept: PART_MIN_BYTES, serverOffset: 0 }))).toEqual({
      kind: 'send',
      start: 0,
      end: PART_MIN_BYTES,
      length: null,
    });
    expect(nextSend(state({ kept: 1000, serverOffset: 400, sinceLastSend: PART_INTERVAL_MS }))).toEqual({
      kind: 'send',
      start: 400,
      end: 1000,
      length: null,
    });
    expect(nextSend(state({ kept: 1000, serverOffset: 400, sinceLastSend: 1000 }))).toEqual({
      kind: 'later',
      inMs: PART_INTERVAL_MS - 1000,
    });
    expect(nextSend(state({ kept: 1000, serverOffset: 1000, sinceLastSend: 99_999 }))).toEqual({
      kind: 'idle',
    });
  });

  it('sends at most one part in a request', () => {
    const big = 3 * PART_MAX_BYTES;
    expect(nextSend(state({ kept: big, serverOffset: 10 }))).toMatchObject({ end: 10 + PART_MAX_BYTES });
    expect(nextSend(state({ kept: big, serverOffset: 10, ended: true }))).toEqual({
      kind: 'send',
      start: 10,
      end: 10 + PART_MAX_BYTES,
      length: null,
    });
  });

  it('after the end, sends the rest at once and tells the length with the last bytes', () => {
    expect(nextSend(state({ kept: 1000, serverOffset: 700, ended: true }))).toEqual({
      kind: 'send',
      start: 700,
      end: 1000,
      length: 1000,
    });
    // Everything was sent while recording: the length alone is still to tell.
    expect(nextSend(state({ kept: 1000, serverOffset: 1000, ended: true }))).toEqual({
      kind: 'send',
      start: 1000,
      end: 1000,
      length: 1000,
    });
    expect(nextSend(state({ kept: 1000, serverOffset: 1000, serverLength: 1000, ended: true }))).toEqual({
      kind: 'done',
    });
    // Told already (the last request was cut off after the length): the rest without telling it again.
    expect(nextSend(state({ kept: 1000, serverOffset: 600, serverLength: 1000, ended: true }))).toEqual({
      kind: 'send',
      start: 600,
      end: 1000,
      length: null,
    });
  });

  it('begins again when the server holds what this page does not', () => {
    // More bytes than the device kept (a crash after the device stopped keeping its copy).
    expect(nextSend(state({ kept: 500, serverOffset: 800 }))).toEqual({ kind: 'restart' });
    expect(nextSend(state({ kept: 500, serverOffset: 800, ended: true }))).toEqual({ kind: 'restart' });
    // Another length, or a length while still recording.
    expect(nextSend(state({ kept: 900, serverOffset: 500, serverLength: 1000, ended: true }))).toEqual({
      kind: 'restart',
    });
    expect(nextSend(state({ kept: 900, serverOffset: 500, serverLength: 900 }))).toEqual({ kind: 'restart' });
  });
});
