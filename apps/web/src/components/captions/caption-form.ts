import { z } from 'zod';
import {
  CAPTION_EDITOR_TEXTS,
  CAPTION_LIMITS,
  captionCue,
  captionTrackParams,
  parseCaptions,
  type CaptionTrackBody,
  type Cue,
} from '@pw/contracts';
import { formatCueTime, parseCueTime } from './cue-time';

/**
 * The caption editor's form: the language, the way the track is given, and that way's field, each named
 * as the save call's body names it (`transcript`, `vtt`, `cues`), so the server's 422 lands on the same
 * field. The cues are typed as text (`0:04.500`) and checked with the contract's cue once read.
 */
export type CaptionWay = 'transcript' | 'vtt' | 'cues';

export interface CueRow {
  start: string;
  end: string;
  text: string;
}

export interface CaptionFormValues {
  language: string;
  way: CaptionWay;
  transcript: string;
  vtt: string;
  /** The chosen file's name, shown beside its input once read. */
  fileName: string;
  cues: CueRow[];
}

export const CAPTION_FORM_MESSAGES = {
  badTime: 'Enter a time such as 0:04.500.',
  noText: 'Write the words of this caption.',
  noTranscript: 'Type or paste the transcript.',
  noFile: 'Choose a WebVTT or SRT file.',
} as const;

const time = z.string().transform((text, ctx) => {
  const seconds = parseCueTime(text);
  if (seconds !== null) return seconds;
  ctx.addIssue({ code: 'custom', message: CAPTION_FORM_MESSAGES.badTime });
  return z.NEVER;
});

/** One row as typed, read into seconds, then judged by the contract's cue (in range, ends after it starts). */
const cueRow = z
  .object({ start: time, end: time, text: z.string().trim().min(1, CAPTION_FORM_MESSAGES.noText) })
  .pipe(captionCue);

/** A file's text, judged by the same reader the server uses: a bad file names its line at once. */
const fileText = z
  .string()
  .min(1, CAPTION_FORM_MESSAGES.noFile)
  .superRefine((text, ctx) => {
    if (!text) return;
    const parsed = parseCaptions(text);
    if (!parsed.ok)
      ctx.addIssue({ code: 'custom', message: CAPTION_EDITOR_TEXTS.badLine(parsed.line, parsed.message) });
  });

const language = captionTrackParams.shape.language;

export const captionForm = z.discriminatedUnion('way', [
  z.object({
    way: z.literal('transcript'),
    language,
    transcript: z.string().trim().min(1, CAPTION_FORM_MESSAGES.noTranscript),
  }),
  z.object({ way: z.literal('vtt'), language, vtt: fileText }),
  z.object({ way: z.literal('cues'), language, cues: z.array(cueRow).min(1).max(CAPTION_LIMITS.cues) }),
]);

/** The save call's language and body from the checked form. */
export function captionSave(values: CaptionFormValues): { language: string; body: CaptionTrackBody } {
  const checked = captionForm.parse(values);
  if (checked.way === 'transcript')
    return { language: checked.language, body: { transcript: checked.transcript } };
  if (checked.way === 'vtt') return { language: checked.language, body: { vtt: checked.vtt } };
  return { language: checked.language, body: { cues: checked.cues } };
}

export const cueRowOf = (cue: Cue): CueRow => ({
  start: formatCueTime(cue.start),
  end: formatCueTime(cue.end),
  text: cue.text,
});

/** A new caption's row: from where the last one ends (or the player's time), lasting three seconds. */
export function nextCueRow(rows: readonly CueRow[], at?: number): CueRow {
  const lastEnd = rows.length ? parseCueTime(rows[rows.length - 1]!.end) : 0;
  const start = at ?? lastEnd ?? 0;
  return { start: formatCueTime(start), end: formatCueTime(start + 3), text: '' };
}

/** The language the browser is set to, as a tag the form starts from (the owner may change it). */
export function browserLanguage(): string {
  const tag = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** A track's language for people: "English (en)", or the tag alone when the browser has no name for it. */
export function languageLabel(tag: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(tag);
    return name && name !== tag ? `${name} (${tag})` : tag;
  } catch {
    return tag;
  }
}

/** Reads a chosen caption file as text (UTF-8, as WebVTT requires and SRT files almost always are). */
export function readCaptionFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/**
 * The upload's optional captions: nothing, a transcript or a file's text. Once either is given the
 * language must be a tag, and a file is read by the same reader as the editor's.
 */
export interface UploadCaptionsValues {
  language: string;
  transcript: string;
  vtt: string;
  fileName: string;
}

export const uploadCaptionsForm = z
  .object({ language: z.string(), transcript: z.string(), vtt: z.string(), fileName: z.string() })
  .superRefine((values, ctx) => {
    if (!values.transcript.trim() && !values.vtt) return;
    const tag = language.safeParse(values.language);
    if (!tag.success)
      ctx.addIssue({ code: 'custom', path: ['language'], message: tag.error.issues[0]!.message });
    if (values.vtt) {
      const parsed = fileText.safeParse(values.vtt);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['vtt'], message: parsed.error.issues[0]!.message });
    }
  });

/** What the upload sends once the video exists, or null when no captions were given. */
export function uploadCaptionsOf(
  values: UploadCaptionsValues,
): { language: string; body: { vtt: string } | { transcript: string } } | null {
  if (!values.transcript.trim() && !values.vtt) return null;
  const tag = language.parse(values.language);
  return { language: tag, body: values.vtt ? { vtt: values.vtt } : { transcript: values.transcript.trim() } };
}
