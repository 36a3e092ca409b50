/**
 * Caption tracks as text (docs/product.md §4.7): the owner's WebVTT or SRT file read into cues, and cues
 * written back as WebVTT, the one format the product keeps and the browser's `<track>` plays. Shared by
 * the server (which judges and stores what is sent) and the web editor (which shows a bad file's line
 * before sending it). Cue text is kept plain: tags are dropped and entities decoded on reading, and the
 * three characters WebVTT gives a meaning are escaped on writing, so a cue never carries markup.
 */

/** One caption: from `start` to `end` (seconds, to the millisecond), its text (lines joined by "\n"). */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

export type CaptionFormat = 'vtt' | 'srt';

export type CaptionParse = { ok: true; cues: Cue[] } | { ok: false; line: number; message: string };

/** What one track may hold: a message is minutes long, so these are far above any honest file. */
export const CAPTION_LIMITS = { bytes: 512 * 1024, cues: 5000, cueText: 1000, seconds: 6 * 3600 };

export const CAPTION_MESSAGES = {
  tooLarge: `The caption file must not be larger than ${CAPTION_LIMITS.bytes / 1024} KB.`,
  tooMany: `A caption track must not have more than ${CAPTION_LIMITS.cues} captions.`,
  empty: 'The caption file holds no captions.',
  noHeader: 'A WebVTT file must begin with the line WEBVTT.',
  badTiming: 'Expected a time line such as 00:00:01.000 --> 00:00:04.000.',
  endBeforeStart: 'A caption must end after it starts.',
  noText: 'A caption needs some text after its time line.',
  textTooLong: `A caption's text must not be longer than ${CAPTION_LIMITS.cueText} characters.`,
  tooLong: 'A caption must not start or end after six hours.',
  arrowInText: 'A caption\'s text must not contain "-->".',
} as const;

const TIME = String.raw`(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)[.,](\d{3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s+-->\s+${TIME}(?:\s+.*)?$`);

/** A file's cues, or the first problem and the line (from 1) it is on. The format is found from the text. */
export function parseCaptions(text: string, format?: CaptionFormat): CaptionParse {
  if (new TextEncoder().encode(text).length > CAPTION_LIMITS.bytes)
    return { ok: false, line: 1, message: CAPTION_MESSAGES.tooLarge };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const kind = format ?? (/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? '') ? 'vtt' : 'srt');
  if (kind === 'vtt' && !/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? ''))
    return { ok: false, line: 1, message: CAPTION_MESSAGES.noHeader };
  return readBlocks(lines, kind);
}

/** Cues as a WebVTT file: sorted by start, times as HH:MM:SS.mmm, text escaped. */
export function toWebVtt(cues: readonly Cue[]): string {
  const body = sortCues(cues).map(
    (cue) =>
      `${formatTime(cue.start, '.')} --> ${formatTime(cue.end, '.')}\n${escapeVtt(oneBlock(cue.text))}`,
  );
  return ['WEBVTT', ...body].join('\n\n') + '\n';
}

/**
 * Cues as an SRT file (numbered from 1, times as HH:MM:SS,mmm), for an owner who asks for one. SRT has no
 * escapes, so an arrow typed in a caption is shortened rather than read back as a time line.
 */
export function toSrt(cues: readonly Cue[]): string {
  return sortCues(cues)
    .map(
      (cue, index) =>
        `${index + 1}\n${formatTime(cue.start, ',')} --> ${formatTime(cue.end, ',')}\n${oneBlock(cue.text).replace(/-->/g, '->')}\n`,
    )
    .join('\n');
}

/** The whole transcript as reading text: the cues' words in order, one caption per line. */
export function transcriptOf(cues: readonly Cue[]): string {
  return sortCues(cues)
    .map((cue) => cue.text.replace(/\n/g, ' '))
    .join('\n');
}

/**
 * A transcript typed or pasted without times, spread over the video's length: one caption per sentence
 * or line, each lasting in proportion to its length, so the words arrive near when they are said.
 */
export function cuesFromTranscript(transcript: string, durationSeconds: number): Cue[] {
  const parts = transcript
    .split(/\n+|(?<=[.!?])\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  let at = 0;
  return parts.map((part) => {
    const start = at;
    at += (durationSeconds * part.length) / total;
    return { start: roundMs(start), end: roundMs(at), text: part };
  });
}

function readBlocks(lines: string[], kind: CaptionFormat): CaptionParse {
  const cues: Cue[] = [];
  let index = kind === 'vtt' ? 1 : 0;
  // In WebVTT, text after the header up to the first blank line belongs to the header.
  if (kind === 'vtt') while (index < lines.length && lines[index]!.trim() !== '') index++;
  while (index < lines.length) {
    while (index < lines.length && lines[index]!.trim() === '') index++;
    if (index >= lines.length) break;
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') block.push(lines[index++]!);
    if (kind === 'vtt' && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    const read = readCue(block, blockStart, kind);
    if ('message' in read) return { ok: false, ...read };
    cues.push(read.cue);
    if (cues.length > CAPTION_LIMITS.cues)
      return { ok: false, line: blockStart + 1, message: CAPTION_MESSAGES.tooMany };
  }
  if (cues.length === 0) return { ok: false, line: lines.length, message: CAPTION_MESSAGES.empty };
  return { ok: true, cues: sortCues(cues) };
}

/** One block: an optional identifier (an SRT number), the time line, then text lines. */
function readCue(
  block: string[],
  at: number,
  kind: CaptionFormat,
): { cue: Cue } | { line: number; message: string } {
  // The time line is first, or second after an identifier (an SRT number, a WebVTT cue id).
  const identified =
    !block[0]!.includes('-->') &&
    (block[1]?.includes('-->') || (kind === 'srt' && /^\d+$/.test(block[0]!.trim())));
  const timingAt = identified ? 1 : 0;
  const line = at + timingAt + 1;
  const timing = TIMING.exec(block[timingAt] ?? '');
  if (!timing) return { line, message: CAPTION_MESSAGES.badTiming };
  const start = seconds(timing.slice(1, 5));
  const end = seconds(timing.slice(5, 9));
  if (end <= start) return { line, message: CAPTION_MESSAGES.endBeforeStart };
  if (end > CAPTION_LIMITS.seconds) return { line, message: CAPTION_MESSAGES.tooLong };
  const textLines = block.slice(timingAt + 1);
  const arrow = textLines.findIndex((text) => text.includes('-->'));
  if (arrow >= 0) return { line: line + 1 + arrow, message: CAPTION_MESSAGES.arrowInText };
  const text = plainText(textLines.join('\n'), kind);
  if (!text) return { line, message: CAPTION_MESSAGES.noText };
  if (text.length > CAPTION_LIMITS.cueText) return { line: line + 1, message: CAPTION_MESSAGES.textTooLong };
  return { cue: { start, end, text } };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00A0',
  lrm: '\u200E',
  rlm: '\u200F',
};

/** A cue's text without its tags (`<i>`, `<v Ann>`, SRT's `<font>`) and with entities decoded. */
function plainText(text: string, kind: CaptionFormat): string {
  const untagged = text.replace(/<[^>\n]*>/g, '');
  const decoded =
    kind === 'vtt'
      ? untagged.replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name]!)
      : untagged;
  return decoded
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

/** A cue's text with no blank line, which would end its block in either format. */
const oneBlock = (text: string) => text.replace(/\n\s*\n/g, '\n').trim();

function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function seconds([hours, minutes, secs, millis]: Array<string | undefined>): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

function formatTime(value: number, separator: '.' | ','): string {
  const totalMs = Math.round(value * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(totalMs / 3_600_000);
  const minutes = Math.floor(totalMs / 60_000) % 60;
  const secs = Math.floor(totalMs / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}${separator}${pad(totalMs % 1000, 3)}`;
}

const roundMs = (value: number) => Math.round(value * 1000) / 1000;

const sortCues = (cues: readonly Cue[]) => [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
