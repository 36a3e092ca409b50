import { createHash } from 'node:crypto';
import { createReadStream, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { AUTOMATIC_CAPTION_MESSAGES, CAPTION_LIMITS, type Cue } from '@pw/contracts';
import { findSpeech, mergeForRecognition, SPEECH_SAMPLE_RATE, type SpeechSegment } from './speech';

/**
 * Words from speech: a Whisper model, exported to ONNX as sherpa-onnx's scripts export it, run by
 * sherpa-onnx's offline recognizer on one thread. The operator installs the model in a folder; its files
 * are checked against SHA-256 sums the caller pins before the engine opens them, because the engine
 * ends the whole process (it does not throw) on a file it cannot read, and because a model is code the
 * server runs on every owner's words. Without a folder the feature is simply not set up.
 */

export const NOT_SET_UP = AUTOMATIC_CAPTION_MESSAGES.notSetUp;

/** The three files of an exported Whisper model, found in the folder by how their names end. */
const PARTS = { encoder: '-encoder.onnx', decoder: '-decoder.onnx', tokens: '-tokens.txt' } as const;
type Part = keyof typeof PARTS;

export interface Recognizer {
  /** The words in one piece of speech (16 kHz mono, at most 30 s: Whisper's window). */
  recognize(samples: Float32Array): Promise<string>;
  /**
   * Cues for a whole recording: each piece of speech recognized on its own, at its place. Without
   * `segments`, the pieces are where the voice-activity model finds speech, joined up to 25 s.
   */
  recognizeSegments(samples: Float32Array, segments?: readonly SpeechSegment[]): Promise<Cue[]>;
  /**
   * The cues of `recognizeSegments` and the language they are in: `en` for an English-only model (its
   * files named `*.en-…`, as sherpa-onnx's export names them), else the one the model detected most
   * often, or null when it named none. `progress` hears each recognized piece (done, of total).
   */
  transcribe(
    samples: Float32Array,
    options?: {
      segments?: readonly SpeechSegment[];
      progress?: (done: number, total: number) => Promise<void> | void;
    },
  ): Promise<{ cues: Cue[]; language: string | null }>;
}

export type RecognizerLoad =
  | { status: 'ready'; recognizer: Recognizer; files: Record<Part, string> }
  | { status: 'not-set-up'; message: string; detail?: string }
  | { status: 'refused'; message: string };

interface SherpaStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}
interface SherpaRecognizer {
  createStream(): SherpaStream;
  decodeAsync(stream: SherpaStream): Promise<{ text: string; lang?: string }>;
}
type SherpaModule = { OfflineRecognizer: new (config: object) => SherpaRecognizer };
const require = createRequire(import.meta.url);

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Each part's file in `dir`, or what is missing. */
function findParts(dir: string): { files: Record<Part, string> } | { missing: string } {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return { missing: `the folder ${dir} cannot be read` };
  }
  const files = {} as Record<Part, string>;
  for (const [part, ending] of Object.entries(PARTS) as [Part, string][]) {
    const found = names.filter((name) => name.endsWith(ending));
    if (found.length !== 1)
      return { missing: `${dir} must hold exactly one *${ending} file (found ${found.length})` };
    files[part] = join(dir, found[0]!);
  }
  return { files };
}

/**
 * Opens the model in `dir`, once every file's SHA-256 is the one `pinned` gives for its name. Nothing is
 * thrown for a server without a model: the result says what is not set up, or which file was refused.
 */
export async function loadRecognizer(
  dir: string | undefined,
  pinned: Readonly<Record<string, string>>,
): Promise<RecognizerLoad> {
  if (!dir) return { status: 'not-set-up', message: NOT_SET_UP };
  const found = findParts(dir);
  if ('missing' in found) return { status: 'not-set-up', message: NOT_SET_UP, detail: found.missing };
  for (const file of Object.values(found.files)) {
    const name = basename(file);
    const expected = pinned[name]?.toLowerCase();
    if (!expected) return { status: 'refused', message: `The model file ${name} has no pinned SHA-256 sum.` };
    const actual = await sha256(file);
    if (actual !== expected)
      return {
        status: 'refused',
        message: `The model file ${name} does not match its pinned SHA-256 sum (expected ${expected}, found ${actual}).`,
      };
  }
  return { status: 'ready', recognizer: open(found.files), files: found.files };
}

function open(files: Record<Part, string>): Recognizer {
  const sherpa = require('sherpa-onnx-node') as SherpaModule;
  const engine = new sherpa.OfflineRecognizer({
    featConfig: { sampleRate: SPEECH_SAMPLE_RATE, featureDim: 80 },
    modelConfig: {
      whisper: { encoder: files.encoder, decoder: files.decoder, task: 'transcribe' },
      tokens: files.tokens,
      // One thread per job: the job runtime decides how many run at once, not the engine.
      numThreads: 1,
      provider: 'cpu',
      debug: 0,
    },
    decodingMethod: 'greedy_search',
  });
  const englishOnly = basename(files.tokens).slice(0, -PARTS.tokens.length).endsWith('.en');
  const decode = async (samples: Float32Array) => {
    const stream = engine.createStream();
    stream.acceptWaveform({ samples, sampleRate: SPEECH_SAMPLE_RATE });
    const { text, lang } = await engine.decodeAsync(stream);
    return { text: text.replace(/\s+/g, ' ').trim(), language: spokenLanguage(lang) };
  };
  const transcribe: Recognizer['transcribe'] = async (samples, options = {}) => {
    const segments = options.segments ?? mergeForRecognition(findSpeech(samples));
    const pieces = segments.flatMap(windows(samples.length));
    const cues: Cue[] = [];
    const heard = new Map<string, number>();
    for (const [index, [from, to]] of pieces.entries()) {
      const { text, language } = await decode(samples.subarray(from, to));
      const kept = text.slice(0, CAPTION_LIMITS.cueText).trim();
      // A piece where the model heard no words gives no cue: a caption must hold text.
      if (kept) cues.push({ start: millis(from), end: millis(to), text: kept });
      if (kept && language) heard.set(language, (heard.get(language) ?? 0) + 1);
      await options.progress?.(index + 1, pieces.length);
    }
    const detected = [...heard].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    return { cues, language: englishOnly ? 'en' : detected };
  };
  return {
    recognize: async (samples) => (await decode(samples)).text,
    recognizeSegments: async (samples, segments) => (await transcribe(samples, { segments })).cues,
    transcribe,
  };
}

/** sherpa-onnx names a Whisper model's detected language as Whisper's token (`<|de|>`) or bare (`de`). */
function spokenLanguage(lang: string | undefined): string | null {
  const tag = lang?.replace(/^<\|/, '').replace(/\|>$/, '').trim();
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** Whisper hears 30 s at most (sherpa-onnx drops the rest): a longer piece is cut into equal parts. */
const LONGEST = 28 * SPEECH_SAMPLE_RATE;
const windows =
  (length: number) =>
  (segment: SpeechSegment): [number, number][] => {
    const from = Math.max(0, Math.floor(segment.start * SPEECH_SAMPLE_RATE));
    const to = Math.min(length, Math.ceil(segment.end * SPEECH_SAMPLE_RATE));
    if (to <= from) return [];
    const parts = Math.ceil((to - from) / LONGEST);
    const size = Math.ceil((to - from) / parts);
    return Array.from({ length: parts }, (_, i) => [from + i * size, Math.min(to, from + (i + 1) * size)]);
  };

/** Seconds to the millisecond, as caption files keep them. */
const millis = (sample: number) => Math.round((sample / SPEECH_SAMPLE_RATE) * 1000) / 1000;
