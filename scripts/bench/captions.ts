/**
 * Automatic captions: what the recognition job costs on one thread, with the Whisper-shaped model of
 * random weights the tests generate (its encoder about as heavy as Whisper tiny's) on Debian's LibriVox
 * reading (pocketsphinx-testdata). CPU seconds per second of audio are the process's own (every thread),
 * so they barely move with the machine's load; peak memory is the measuring process's whole VmHWM.
 * A real model costs more: these figures are the engine's and the wiring's, not a model's. With
 * `ASR_MODEL_DIR` set (an installed model, pinned by `ASR_MODEL_SHA256` or trusted as it stands), the same
 * reading is recognized by it too: its word error rate against the clips' transcription, its CPU time per
 * second of audio and its peak memory are the operator's acceptance figures (docs/operations.md).
 */
import { measureRecognizerCost } from '../../apps/server/test/recognizer-cost';
import { sized } from './options';

export async function run(): Promise<Record<string, string | number>> {
  const cost = await measureRecognizerCost(sized(5, 1));
  return {
    'audio (s)': cost.audioSeconds.toFixed(1),
    'speech pieces': cost.pieces.length,
    'CPU s per audio s (whole job)': cost.cpuPerAudioSecond.toFixed(4),
    'CPU s per audio s (finding speech)': cost.speechCpuPerAudioSecond.toFixed(4),
    'CPU s per audio s (recognizing)': cost.recognizerCpuPerAudioSecond.toFixed(4),
    'peak RSS (MB)': cost.peakRssMb.toFixed(0),
    'RSS before the model opened (MB)': cost.rssBeforeMb.toFixed(0),
    ...(await installedModel()),
  };
}

async function installedModel(): Promise<Record<string, string>> {
  const dir = process.env.ASR_MODEL_DIR?.trim();
  if (!dir) return { 'installed model': 'none (set ASR_MODEL_DIR to measure one)' };
  const cost = await measureRecognizerCost(5, dir);
  return {
    'installed model': dir,
    'installed model: word error rate (%)': (cost.wordErrorRate * 100).toFixed(1),
    'installed model: CPU s per audio s (whole job)': cost.cpuPerAudioSecond.toFixed(4),
    'installed model: peak RSS (MB)': cost.peakRssMb.toFixed(0),
  };
}
