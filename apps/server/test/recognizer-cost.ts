import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Cue } from '@pw/contracts';
import { loadRecognizer } from '../src/platform/media/recognizer';
import {
  findSpeech,
  mergeForRecognition,
  SPEECH_SAMPLE_RATE,
  type SpeechSegment,
} from '../src/platform/media/speech';
import { librivoxTranscript, readingWithPauses } from './librivox';
import { wordErrorRate } from './word-error-rate';
import { writeTinyWhisper } from './tiny-whisper';

/**
 * What recognizing a recording costs, measured in a process of its own so that its peak memory is the
 * recognizer's and nothing else's: the tiny generated model on the LibriVox reading, one thread. CPU time
 * is the process's (every thread's), so other work on a shared machine does not count in it.
 */

export interface RecognizerCost {
  audioSeconds: number;
  /** CPU seconds per second of audio: finding the speech, recognizing it, and the two together. */
  speechCpuPerAudioSecond: number;
  recognizerCpuPerAudioSecond: number;
  cpuPerAudioSecond: number;
  /** Peak resident memory of the whole process, and what it held before the model was opened (MB). */
  peakRssMb: number;
  rssBeforeMb: number;
  /** Where the voice-activity step found speech (joined for the recognizer), and what it said there. */
  pieces: SpeechSegment[];
  cues: Cue[];
  /** What the cues say against what the clips say (0 perfect; near 1 for a model of random weights). */
  wordErrorRate: number;
}

/**
 * The pins of an installed model, as `ASR_MODEL_SHA256` writes them (`file=sha256,…`); without it, the
 * folder as it is now (the operator measuring the model they just installed trusts it as it stands).
 */
function pinsOf(dir: string): Record<string, string> {
  const written = process.env.ASR_MODEL_SHA256?.trim();
  if (!written) return pinFolder(dir);
  return Object.fromEntries(
    written.split(',').map((pair) => {
      const [name = '', sum = ''] = pair.trim().split('=');
      return [name, sum.toLowerCase()];
    }),
  );
}

/** The SHA-256 of every file in `dir`, by name: what an operator pins for a model they trust. */
export function pinFolder(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]),
  );
}

const vmHwmMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const vmRssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

async function measureHere(clips: number, installed?: string): Promise<RecognizerCost> {
  const dir = installed ?? mkdtempSync(join(tmpdir(), 'pw-tiny-whisper-'));
  try {
    if (!installed) writeTinyWhisper(dir);
    const { samples } = readingWithPauses(2.5, clips);
    const rssBeforeMb = vmRssMb();
    const load = await loadRecognizer(dir, installed ? pinsOf(dir) : pinFolder(dir));
    if (load.status !== 'ready') throw new Error(`model not loaded: ${JSON.stringify(load)}`);
    const audioSeconds = samples.length / SPEECH_SAMPLE_RATE;
    const perAudioSecond = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) =>
      (to.user - from.user + to.system - from.system) / 1e6 / audioSeconds;
    const started = process.cpuUsage();
    const pieces = mergeForRecognition(findSpeech(samples));
    const found = process.cpuUsage();
    const cues = await load.recognizer.recognizeSegments(samples, pieces);
    const ended = process.cpuUsage();
    return {
      audioSeconds,
      speechCpuPerAudioSecond: perAudioSecond(started, found),
      recognizerCpuPerAudioSecond: perAudioSecond(found, ended),
      cpuPerAudioSecond: perAudioSecond(started, ended),
      peakRssMb: vmHwmMb(),
      rssBeforeMb,
      pieces,
      cues,
      wordErrorRate: wordErrorRate(librivoxTranscript(clips), cues.map((cue) => cue.text).join(' ')),
    };
  } finally {
    if (!installed) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the measurement on the first `clips` LibriVox sentences (all five by default) in a child process,
 * with the tiny generated model, or with the model installed in `installed` (an `ASR_MODEL_DIR`).
 */
export async function measureRecognizerCost(clips = 5, installed?: string): Promise<RecognizerCost> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--measure',
      String(clips),
      ...(installed ? ['--model', installed] : []),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as RecognizerCost;
}

const asked = process.argv.indexOf('--measure');
if (asked > 0 && process.argv[1] === fileURLToPath(import.meta.url)) {
  const model = process.argv.indexOf('--model');
  const installed = model > 0 ? process.argv[model + 1] : undefined;
  process.stdout.write(JSON.stringify(await measureHere(Number(process.argv[asked + 1]), installed)));
}
