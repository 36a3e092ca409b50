/**
 * Automatic captions: what the recognition job costs on one thread, with the Whisper-shaped model of
 * random weights the tests generate (its encoder about as heavy as Whisper tiny's) on Debian's LibriVox
 * reading (pocketsphinx-testdata). CPU seconds per second of audio are the process's own (every thread),
 * so they barely move with the machine's load; peak memory is the measuring process's whole VmHWM.
 * A real model costs more: these figures are the engine's and the wiring's, not a model's.
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
  };
}
