import { readFileSync } from 'node:fs';
import { SPEECH_SAMPLE_RATE, type SpeechSegment } from '../src/platform/media/speech';

/**
 * Real recorded speech: Debian's pocketsphinx-testdata ships LibriVox readings of Sense and Sensibility,
 * one sentence per file, read without leading silence. Laid end to end with known pauses between them,
 * each sentence's place in the whole is known to the sample.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CLIP_IDS = ['0870', '0880', '0890', '0920', '0930'];
const clipName = (id: string) => `sense_and_sensibility_01_austen_64kb-${id}`;
export const CLIPS = CLIP_IDS.map((id) => `${LIBRIVOX}/${clipName(id)}.wav`);

/**
 * What the first `count` clips say, in their order, as the package's transcription file writes it
 * (`<s> words </s> (clip name)` a line): the reference a recognizer's words are scored against.
 */
export function librivoxTranscript(count = CLIPS.length): string {
  const lines = readFileSync(`${LIBRIVOX}/transcription`, 'utf8').split('\n');
  return CLIP_IDS.slice(0, count)
    .map((id) => {
      const line = lines.find((candidate) => candidate.trimEnd().endsWith(`(${clipName(id)})`));
      if (!line) throw new Error(`no transcription of ${clipName(id)}`);
      return line
        .replace(/\([^)]*\)\s*$/, '')
        .replace(/<\/?s>/g, '')
        .trim();
    })
    .join(' ');
}

/** A 16 kHz 16-bit PCM WAV file's samples in [-1, 1]. */
export function wavSamples(file: string): Float32Array {
  const bytes = readFileSync(file);
  const rate = bytes.readUInt32LE(24);
  if (rate !== SPEECH_SAMPLE_RATE) throw new Error(`${file}: sample rate ${rate}, not ${SPEECH_SAMPLE_RATE}`);
  const data = bytes.indexOf('data', 12);
  const count = bytes.readUInt32LE(data + 4) / 2;
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) samples[i] = bytes.readInt16LE(data + 8 + 2 * i) / 32768;
  return samples;
}

/**
 * The clips (the first `count` of them) with `pause` seconds of quiet room noise before, between and
 * after them, and where each is.
 */
export function readingWithPauses(pause: number, count = CLIPS.length) {
  const clips = CLIPS.slice(0, count).map(wavSamples);
  const gap = Math.round(pause * SPEECH_SAMPLE_RATE);
  const total = clips.reduce((sum, clip) => sum + clip.length + gap, gap);
  const samples = new Float32Array(total);
  // Faint noise rather than digital silence: a room is never silent.
  let seed = 7;
  for (let i = 0; i < total; i++)
    samples[i] = ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.002;
  const known: SpeechSegment[] = [];
  let at = gap;
  for (const clip of clips) {
    samples.set(clip, at);
    known.push({ start: at / SPEECH_SAMPLE_RATE, end: (at + clip.length) / SPEECH_SAMPLE_RATE });
    at += clip.length + gap;
  }
  return { samples, known };
}
