import { appendFileSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseCaptions, toWebVtt } from '@pw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingWithPauses } from '../../../test/librivox';
import { measureRecognizerCost, pinFolder, type RecognizerCost } from '../../../test/recognizer-cost';
import { TINY_WHISPER_FILES, tinyEncoderMultiplyAdds, writeTinyWhisper } from '../../../test/tiny-whisper';
import { loadRecognizer, NOT_SET_UP } from './recognizer';

/**
 * The recognizer's wiring, proven with a Whisper-shaped model of random weights generated here: it loads
 * only files whose SHA-256 is pinned, says plainly when no model is installed, and turns the LibriVox
 * reading into one cue per piece of speech, at the piece's place, within the decoder's token limit.
 */

let dir: string;
let cost: RecognizerCost;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pw-recognizer-'));
  writeTinyWhisper(join(dir, 'model'));
  // The reading is recognized once, in a process of its own, so its peak memory is the recognizer's.
  cost = await measureRecognizerCost();
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loading a model', () => {
  it('is not set up without a folder, with a missing folder, or with a folder missing a file', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    for (const folder of [undefined, '', join(dir, 'nowhere'), empty]) {
      const load = await loadRecognizer(folder, pinFolder(join(dir, 'model')));
      expect(load.status, String(folder)).toBe('not-set-up');
      if (load.status === 'not-set-up') expect(load.message).toBe(NOT_SET_UP);
    }
  });

  it('opens the model when every file matches its pinned sum, however its folder is written', async () => {
    const model = join(dir, 'model');
    for (const folder of [model, `${model}/`, `./${relative(process.cwd(), model)}`])
      expect((await loadRecognizer(folder, pinFolder(model))).status, folder).toBe('ready');
  });

  it('refuses a file whose bytes differ from its pinned sum, naming the file', async () => {
    const model = join(dir, 'tampered');
    writeTinyWhisper(model);
    const pins = pinFolder(model);
    appendFileSync(join(model, TINY_WHISPER_FILES.decoder), Buffer.from([0]));
    const load = await loadRecognizer(model, pins);
    expect(load.status).toBe('refused');
    if (load.status === 'refused') {
      expect(load.message).toContain(TINY_WHISPER_FILES.decoder);
      expect(load.message).toContain(pins[TINY_WHISPER_FILES.decoder]);
    }
  });

  it('refuses a file with no pinned sum, and a sum for another file does not stand in for it', async () => {
    const model = join(dir, 'model');
    const pins = pinFolder(model);
    const { [TINY_WHISPER_FILES.tokens]: tokens, ...others } = pins;
    const unpinned = await loadRecognizer(model, others);
    expect(unpinned).toEqual({
      status: 'refused',
      message: `The model file ${TINY_WHISPER_FILES.tokens} has no pinned SHA-256 sum.`,
    });
    const swapped = await loadRecognizer(model, { ...pins, [TINY_WHISPER_FILES.encoder]: tokens! });
    expect(swapped.status).toBe('refused');
    if (swapped.status === 'refused') expect(swapped.message).toContain(TINY_WHISPER_FILES.encoder);
  });
});

describe('recognizing a reading', () => {
  it('gives one cue per piece of speech, at its place, holding every read sentence', () => {
    const { known } = readingWithPauses(2.5);
    expect(cost.pieces.length).toBeGreaterThan(0);
    expect(cost.cues.map(({ start, end }) => ({ start, end }))).toEqual(
      cost.pieces.map((piece) => ({
        start: Math.round(piece.start * 1000) / 1000,
        end: Math.round(piece.end * 1000) / 1000,
      })),
    );
    for (const sentence of known)
      expect(
        cost.cues.filter((cue) => cue.start <= sentence.start + 0.5 && sentence.end - 0.5 <= cue.end),
      ).toHaveLength(1);
  });

  it("says the model's words, ending within the decoder's limit of six tokens a second", () => {
    for (const cue of cost.cues) {
      const words = cue.text.split(' ');
      for (const word of words) expect(word).toMatch(/^w\d+$/);
      expect(words.length).toBeGreaterThan(0);
      expect(words.length).toBeLessThanOrEqual(Math.ceil((cue.end - cue.start) * 6));
    }
  });

  it('cuts a piece longer than Whisper hears into equal parts, each recognized', async () => {
    const model = join(dir, 'model');
    const load = await loadRecognizer(model, pinFolder(model));
    if (load.status !== 'ready') throw new Error(load.status);
    const { samples } = readingWithPauses(2.5);
    const cues = await load.recognizer.recognizeSegments(samples, [{ start: 1, end: 39 }]);
    expect(cues.map(({ start, end }) => [start, end])).toEqual([
      [1, 20],
      [20, 39],
    ]);
    for (const cue of cues) expect(cue.text.split(' ').length).toBeLessThanOrEqual(19 * 6);
    expect(await load.recognizer.recognizeSegments(samples, [{ start: 5, end: 5 }])).toEqual([]);
  }, 60_000);

  it("says the track's language: English for a model named *.en, none when the model named none", async () => {
    const { samples } = readingWithPauses(2.5, 1);
    const english = join(dir, 'english');
    writeTinyWhisper(english);
    for (const name of Object.values(TINY_WHISPER_FILES))
      renameSync(join(english, name), join(english, name.replace(/^tiny-/, 'tiny.en-')));
    const progress: Array<[number, number]> = [];
    for (const [folder, language] of [
      [english, 'en'],
      [join(dir, 'model'), null],
    ] as const) {
      const load = await loadRecognizer(folder, pinFolder(folder));
      if (load.status !== 'ready') throw new Error(load.status);
      const result = await load.recognizer.transcribe(samples, {
        progress: (done, total) => void progress.push([done, total]),
      });
      expect(result.language, folder).toBe(language);
      expect(result.cues.length).toBeGreaterThan(0);
    }
    // Each piece heard, in order, for each of the two runs.
    expect(progress.every(([done, total]) => done >= 1 && done <= total)).toBe(true);
    expect(progress.filter(([done, total]) => done === total)).toHaveLength(2);
  }, 60_000);

  it('is scored against what the clips say: a model of random weights gets next to none of it right', () => {
    // The acceptance figure of a real model (npm run bench -- captions with ASR_MODEL_DIR) is this score.
    expect(cost.wordErrorRate).toBeGreaterThanOrEqual(0.9);
    expect(Number.isFinite(cost.wordErrorRate)).toBe(true);
  });

  it('gives cues a caption track keeps', () => {
    const read = parseCaptions(toWebVtt(cost.cues));
    expect(read).toEqual({ ok: true, cues: cost.cues });
  });
});

describe('what recognizing costs on one thread', () => {
  it('stays below what a build without SIMD could do, and within a few hundred MB', () => {
    // A build without SIMD does at most one multiply-add a cycle on a thread, 4 G a second at 4 GHz;
    // the tiny encoder alone needs this many for the pieces (each padded with 10 s, at most 30 s, as
    // sherpa-onnx pads them). With SIMD the whole job measures about a fifth of that floor here.
    const multiplyAdds = cost.pieces.reduce(
      (sum, piece) => sum + tinyEncoderMultiplyAdds(Math.min((piece.end - piece.start) * 100 + 1000, 3000)),
      0,
    );
    const scalarFloor = multiplyAdds / 4e9 / cost.audioSeconds;
    console.log(
      `recognizer (tiny model, 1 thread): ${cost.audioSeconds.toFixed(1)} s of audio; CPU s per audio s: ` +
        `${cost.cpuPerAudioSecond.toFixed(4)} (speech finding ${cost.speechCpuPerAudioSecond.toFixed(4)}, ` +
        `recognizing ${cost.recognizerCpuPerAudioSecond.toFixed(4)}); peak RSS ${cost.peakRssMb.toFixed(0)} MB ` +
        `(${cost.rssBeforeMb.toFixed(0)} MB before the model opened); a build without SIMD needs at ` +
        `least ${scalarFloor.toFixed(3)} CPU s per audio s`,
    );
    expect(cost.cpuPerAudioSecond).toBeLessThan(scalarFloor);
    // The engine, the model's sessions and one 30 s piece's buffers: about 110 MB above Node's own.
    expect(cost.peakRssMb - cost.rssBeforeMb).toBeLessThan(300);
  });
});
