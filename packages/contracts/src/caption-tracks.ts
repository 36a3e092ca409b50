import { z } from 'zod';
import { CAPTION_LIMITS } from './captions';
import { recordId } from './common';
import { defineRoute } from './route';

/**
 * The owner's caption tracks of a video (docs/product.md §4.7): one per language, kept as WebVTT. A track
 * is sent as a WebVTT or SRT file's text, as cues from the editor, or as a transcript without times.
 */

export const captionSources = ['owner', 'automatic'] as const;
export type CaptionSource = (typeof captionSources)[number];
/** A recognizer's track is a draft until the owner accepts it; the owner's own is accepted as written. */
export const captionStatuses = ['draft', 'accepted'] as const;
export type CaptionStatus = (typeof captionStatuses)[number];

export const CAPTION_TRACK_MESSAGES = {
  badLanguage: 'The language must be a language tag such as en, fr or pt-BR.',
  oneSource: 'Send the captions as a file (vtt), as cues or as a transcript: exactly one of them.',
  noLength:
    'The video is still being processed, so its length is not known yet: a transcript can be added once it is ready.',
  saved: 'The captions have been saved.',
  deleted: 'The captions have been deleted.',
  notFound: 'This video has no captions in that language.',
} as const;

/**
 * What the owner's caption editor says in more than one place: the video's Captions section and the
 * upload's details step use the same words for the same things.
 */
export const CAPTION_EDITOR_TEXTS = {
  heading: 'Captions',
  language: 'Language',
  languageHint: 'A language tag such as en, fr or pt-BR.',
  transcript: 'Transcript',
  transcriptHint: 'Type or paste what is said. It is spread over the video, one sentence or line at a time.',
  file: 'WebVTT or SRT file',
  fileAccept: '.vtt,.srt,text/vtt',
  /** A file the browser read but the caption reader refused: the line and what is wrong with it. */
  badLine: (line: number, message: string) => `Line ${line}: ${message}`,
  uploadNotSaved: 'The captions given with the upload could not be saved:',
} as const;

/** The longest language tag kept (BCP 47 allows long ones; 35 covers every tag in real use). */
const LANGUAGE_MAX = 35;

/** A BCP 47 tag in its canonical spelling (`en-us` → `en-US`), or null when it is not one. */
export function canonicalLanguage(tag: string): string | null {
  if (tag.length === 0 || tag.length > LANGUAGE_MAX) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical && canonical.length <= LANGUAGE_MAX ? canonical : null;
  } catch {
    return null;
  }
}

/** A string read into a canonical language tag by `read`, or the one message of a bad tag. */
const languageFrom = (read: (value: string) => string | null) =>
  z.string().transform((value, ctx) => {
    const canonical = read(value);
    if (canonical) return canonical;
    ctx.addIssue({ code: 'custom', message: CAPTION_TRACK_MESSAGES.badLanguage });
    return z.NEVER;
  });

export const captionTrackParams = z.object({
  id: recordId,
  language: languageFrom((value) => canonicalLanguage(value.trim())),
});

/** `en.vtt`: the track's file as a player asks for it. */
export const captionFileParams = z.object({
  id: recordId,
  file: languageFrom((value) => (value.endsWith('.vtt') ? canonicalLanguage(value.slice(0, -4)) : null)),
});

export const captionCue = z
  .object({
    start: z.number().min(0).max(CAPTION_LIMITS.seconds),
    end: z.number().min(0).max(CAPTION_LIMITS.seconds),
    text: z.string().trim().min(1).max(CAPTION_LIMITS.cueText),
  })
  .refine((cue) => cue.end > cue.start, { message: 'A caption must end after it starts.', path: ['end'] });

/** Exactly one of the three ways a track arrives. Their sizes are judged once read (`parseCaptions`). */
export const captionTrackBody = z
  .object({
    vtt: z.string().optional(),
    cues: z.array(captionCue).min(1).max(CAPTION_LIMITS.cues).optional(),
    transcript: z.string().trim().min(1).optional(),
  })
  .refine((body) => [body.vtt, body.cues, body.transcript].filter((v) => v !== undefined).length === 1, {
    message: CAPTION_TRACK_MESSAGES.oneSource,
    path: ['vtt'],
  });
export type CaptionTrackBody = z.input<typeof captionTrackBody>;

/**
 * The largest body the save call reads: the file's limit with room for JSON's escapes (a newline is sent
 * as two characters). A larger body is refused before any of it is parsed.
 */
export const CAPTION_BODY_LIMIT = Math.ceil(CAPTION_LIMITS.bytes * 1.25);

export const captionTrack = z.object({
  language: z.string(),
  source: z.enum(captionSources),
  status: z.enum(captionStatuses),
  cue_count: z.number().int(),
  updated_at: z.string(),
  cues: z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })),
});
export type CaptionTrack = z.infer<typeof captionTrack>;

/**
 * A track as a player gets it wherever the video plays to someone (docs/product.md §4.7): its language and
 * a signed, expiring WebVTT address made by the same rule, and for the same time, as the video's own
 * address in that answer. Accepted tracks only: a draft is its owner's alone.
 */
export const captionLink = z.object({ language: z.string(), url: z.string() });
export type CaptionLink = z.infer<typeof captionLink>;
export const captionLinks = z.array(captionLink);

/** What the owner hears of automatic captions (docs/product.md §4.7). */
export const AUTOMATIC_CAPTION_MESSAGES = {
  notSetUp: 'Automatic captions are not set up on this server.',
  notReady: 'The video is still being processed: captions can be written once it is ready.',
  started: 'Captions are being written automatically. They stay a draft until you accept them.',
  accepted: 'The captions have been accepted.',
  noDraft: 'This video has no draft captions in that language.',
  /** The video card's line while the job runs, with its progress. */
  writing: (percent: number) => `Writing captions… ${percent}%`,
  failed: 'The captions could not be written automatically.',
} as const;

/** Where a video's automatic captions are: queued, being written, failed, or done (a draft stored). */
export const automaticCaptionStates = ['queued', 'running', 'failed', 'done'] as const;
export type AutomaticCaptionState = (typeof automaticCaptionStates)[number];

/**
 * Automatic captions of one video: whether this server writes them at all (`available`), and where its
 * job is (`state` null: none was ever queued for it); `progress` is a percentage of its speech recognized.
 */
export const automaticCaptions = z.object({
  available: z.boolean(),
  state: z.enum(automaticCaptionStates).nullable(),
  progress: z.number().int().min(0).max(100).nullable(),
});
export type AutomaticCaptions = z.infer<typeof automaticCaptions>;

const TAG = 'Captions';

export const captionRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/web/user/videos/:id/captions',
    tag: TAG,
    summary:
      "The caller's video's caption tracks, each with its cues, and where its automatic captions are: " +
      '`{ data: CaptionTrack[], automatic: AutomaticCaptions }`',
    access: ['user'],
    params: z.object({ id: recordId }),
    response: z.object({ data: z.array(captionTrack), automatic: automaticCaptions }),
  }),
  automatic: defineRoute({
    method: 'POST',
    path: '/web/user/videos/:id/captions/automatic',
    tag: TAG,
    summary:
      'Have the server write the captions of a ready video (a draft the owner accepts): 409 when this ' +
      'server has no recognizer installed or the video is not ready',
    access: ['user'],
    params: z.object({ id: recordId }),
    response: z.object({ message: z.string(), automatic: automaticCaptions }),
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/web/user/videos/:id/captions/:language/accept',
    tag: TAG,
    summary: 'Accept the draft track of one language (written automatically): from then on it is shown',
    access: ['user'],
    params: captionTrackParams,
    response: z.object({ message: z.string(), data: captionTrack }),
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/web/user/videos/:id/captions/:language',
    tag: TAG,
    summary:
      'Write the track of one language (a BCP 47 tag): `{ vtt }` (a WebVTT or SRT file), `{ cues }` or ' +
      "`{ transcript }` (spread over the video's length). Kept as WebVTT; a bad file's 422 names its line",
    access: ['user'],
    params: captionTrackParams,
    body: captionTrackBody,
    response: z.object({ message: z.string(), data: captionTrack }),
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/web/user/videos/:id/captions/:language',
    tag: TAG,
    summary: 'Delete the track of one language',
    access: ['user'],
    params: captionTrackParams,
    response: z.object({ message: z.string(), data: z.null() }),
  }),
  file: defineRoute({
    method: 'GET',
    path: '/web/user/videos/:id/captions/:file',
    tag: TAG,
    summary: "One track as WebVTT (`text/vtt`) for the owner's player: `/captions/en.vtt`",
    access: ['user'],
    params: captionFileParams,
    response: z.string(),
  }),
};
