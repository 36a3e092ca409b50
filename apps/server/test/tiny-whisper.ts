import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

/**
 * A Whisper model for tests: the two ONNX graphs and the tokens file sherpa-onnx's Whisper recognizer
 * reads, with the input and output names, ranks and metadata it expects, but random weights and a
 * vocabulary of forty words. It is no transformer: the encoder is matrix products over the mel frames,
 * halved in time as Whisper's convolution does, with residual blocks that make it about as heavy as
 * Whisper tiny's (so its cost says what the engine's build costs: matrix products are where SIMD
 * counts); the decoder embeds its tokens and positions,
 * attends once to the encoder's output and projects to the vocabulary. It says nonsense, and it stops
 * where sherpa-onnx stops a decoder that does not say the end token: six tokens per second of audio.
 */

const { onnx } = onnxProto;
const FLOAT = onnx.TensorProto.DataType.FLOAT;
const INT64 = onnx.TensorProto.DataType.INT64;

export const TINY_WHISPER = {
  nMels: 80,
  state: 384,
  hidden: 1536,
  textCtx: 448,
  textLayers: 1,
  /** Residual blocks in the encoder: Whisper tiny's encoder does about 18 G multiply-adds per 30 s. */
  blocks: 10,
  /** Text tokens 0‥39 are the words " w0" ‥ " w39"; the special tokens follow, as in Whisper. */
  words: 40,
} as const;

const SPECIAL = ['eot', 'sot', 'translate', 'transcribe', 'sot_lm', 'sot_prev', 'no_speech', 'no_timestamps'];
const special = (name: string) => TINY_WHISPER.words + SPECIAL.indexOf(name);
// Whisper's timestamp tokens are left out: the recognizer asks for none (its default).
const VOCAB = TINY_WHISPER.words + SPECIAL.length;

/** The file names sherpa-onnx's export gives a model, with the prefix `tiny`. */
export const TINY_WHISPER_FILES = {
  encoder: 'tiny-encoder.onnx',
  decoder: 'tiny-decoder.onnx',
  tokens: 'tiny-tokens.txt',
};

type Dim = number | string;
const valueInfo = (name: string, elemType: number, dims: Dim[]) => ({
  name,
  type: {
    tensorType: {
      elemType,
      shape: { dim: dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) },
    },
  },
});
const node = (opType: string, input: string[], output: string[], attribute: object[] = []) => ({
  opType,
  input,
  output,
  name: output[0],
  attribute,
});
const ints = (name: string, values: number[]) => ({
  name,
  type: onnx.AttributeProto.AttributeType.INTS,
  ints: values,
});
const int = (name: string, value: number) => ({
  name,
  type: onnx.AttributeProto.AttributeType.INT,
  i: value,
});

/** A seeded generator, so a model's bytes (and so its SHA-256) are the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => (state = (state * 16807) % 2147483647) / 2147483647 - 0.5;
}

function weights(name: string, dims: number[], next: () => number) {
  const count = dims.reduce((a, b) => a * b, 1);
  const scale = 2 / Math.sqrt(dims[0]!);
  const data = new Float32Array(count);
  for (let i = 0; i < count; i++) data[i] = next() * scale;
  return { name, dims, dataType: FLOAT, rawData: new Uint8Array(data.buffer) };
}
const int64s = (name: string, dims: number[], values: number[]) => ({
  name,
  dims,
  dataType: INT64,
  int64Data: values,
});

function model(graph: object, metadata: Record<string, string | number> = {}): Uint8Array {
  return onnx.ModelProto.encode({
    irVersion: 8,
    producerName: 'parting-words-tests',
    opsetImport: [{ domain: '', version: 17 }],
    metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value: String(value) })),
    graph,
  }).finish();
}

/** The encoder's residual blocks, all with the same two matrices: the work of many, the file of one. */
function blocks() {
  return Array.from({ length: TINY_WHISPER.blocks }, (_, i) => [
    node('MatMul', [`b${i}`, 'w_up'], [`up${i}`]),
    node('Relu', [`up${i}`], [`relu${i}`]),
    node('MatMul', [`relu${i}`, 'w_down'], [`down${i}`]),
    node('Add', [`b${i}`, `down${i}`], [`b${i + 1}`]),
  ]).flat();
}

/**
 * Multiply-adds the encoder does for `frames` mel frames: the input projection at the full rate, then
 * the blocks and the key and value projections at half.
 */
export function tinyEncoderMultiplyAdds(frames: number): number {
  const { nMels, state, hidden, blocks } = TINY_WHISPER;
  const half = Math.ceil(frames / 2);
  return frames * nMels * state + half * (blocks * 2 * state * hidden + 2 * state * state);
}

function encoder(next: () => number): Uint8Array {
  const { nMels, state, hidden, textLayers } = TINY_WHISPER;
  const graph = {
    name: 'encoder',
    input: [valueInfo('mel', FLOAT, ['n_audio', nMels, 'T'])],
    output: [
      valueInfo('n_layer_cross_k', FLOAT, [textLayers, 'n_audio', 'T2', state]),
      valueInfo('n_layer_cross_v', FLOAT, [textLayers, 'n_audio', 'T2', state]),
    ],
    initializer: [
      weights('w_in', [nMels, state], next),
      weights('w_up', [state, hidden], next),
      weights('w_down', [hidden, state], next),
      weights('w_k', [state, state], next),
      weights('w_v', [state, state], next),
      int64s('halve_starts', [1], [0]),
      int64s('halve_ends', [1], [2 ** 62]),
      int64s('halve_axes', [1], [1]),
      int64s('halve_steps', [1], [2]),
      int64s('layer_axis', [1], [0]),
    ],
    node: [
      node('Transpose', ['mel'], ['frames'], [ints('perm', [0, 2, 1])]),
      node('MatMul', ['frames', 'w_in'], ['x0']),
      node('Slice', ['x0', 'halve_starts', 'halve_ends', 'halve_axes', 'halve_steps'], ['b0']),
      ...blocks(),
      node('MatMul', [`b${TINY_WHISPER.blocks}`, 'w_k'], ['k']),
      node('MatMul', [`b${TINY_WHISPER.blocks}`, 'w_v'], ['v']),
      node('Unsqueeze', ['k', 'layer_axis'], ['n_layer_cross_k']),
      node('Unsqueeze', ['v', 'layer_axis'], ['n_layer_cross_v']),
    ],
  };
  return model(graph, {
    model_type: 'whisper-tiny-test',
    version: 1,
    maintainer: 'parting-words-tests',
    n_mels: nMels,
    n_audio_ctx: 1500,
    n_audio_state: state,
    n_audio_head: 1,
    n_audio_layer: 1,
    n_vocab: VOCAB,
    n_text_ctx: TINY_WHISPER.textCtx,
    n_text_state: state,
    n_text_head: 1,
    n_text_layer: textLayers,
    sot_sequence: String(special('sot')),
    sot: special('sot'),
    sot_index: 0,
    eot: special('eot'),
    blank_id: 0,
    is_multilingual: 0,
    no_speech: special('no_speech'),
    non_speech_tokens: '',
    transcribe: special('transcribe'),
    translate: special('translate'),
    sot_prev: special('sot_prev'),
    sot_lm: special('sot_lm'),
    no_timestamps: special('no_timestamps'),
  });
}

function decoder(next: () => number): Uint8Array {
  const { state, textCtx, textLayers } = TINY_WHISPER;
  const cache = [textLayers, 'n_audio', textCtx, state];
  const cross = [textLayers, 'n_audio', 'T2', state];
  const graph = {
    name: 'decoder',
    input: [
      valueInfo('tokens', INT64, ['n_audio', 'n_tokens']),
      valueInfo('in_n_layer_self_k_cache', FLOAT, cache),
      valueInfo('in_n_layer_self_v_cache', FLOAT, cache),
      valueInfo('n_layer_cross_k', FLOAT, cross),
      valueInfo('n_layer_cross_v', FLOAT, cross),
      valueInfo('offset', INT64, [1]),
    ],
    output: [
      valueInfo('logits', FLOAT, ['n_audio', 'n_tokens', VOCAB]),
      valueInfo('out_n_layer_self_k_cache', FLOAT, cache),
      valueInfo('out_n_layer_self_v_cache', FLOAT, cache),
    ],
    initializer: [
      weights('embedding', [VOCAB, state], next),
      weights('positions', [textCtx, state], next),
      weights('w_out', [state, VOCAB], next),
      // Special tokens (the end token too) are never the likeliest: the decoder says words until
      // sherpa-onnx's limit, the most work a piece can cost.
      {
        name: 'b_out',
        dims: [VOCAB],
        dataType: FLOAT,
        floatData: Array.from({ length: VOCAB }, (_, id) => (id < TINY_WHISPER.words ? 0 : -1e4)),
      },
      int64s('zero', [], [0]),
      int64s('one', [], [1]),
      int64s('layer_axis', [1], [0]),
      { name: 'scale', dims: [], dataType: FLOAT, floatData: [1 / Math.sqrt(state)] },
    ],
    node: [
      node('Gather', ['embedding', 'tokens'], ['token_x']),
      node('Shape', ['tokens'], ['token_shape']),
      node('Gather', ['token_shape', 'one'], ['count'], [int('axis', 0)]),
      node('Range', ['zero', 'count', 'one'], ['steps']),
      node('Add', ['steps', 'offset'], ['places']),
      node('Gather', ['positions', 'places'], ['place_x']),
      node('Add', ['token_x', 'place_x'], ['x']),
      node('Squeeze', ['n_layer_cross_k', 'layer_axis'], ['ck']),
      node('Squeeze', ['n_layer_cross_v', 'layer_axis'], ['cv']),
      node('Transpose', ['ck'], ['ck_t'], [ints('perm', [0, 2, 1])]),
      node('MatMul', ['x', 'ck_t'], ['scores']),
      node('Mul', ['scores', 'scale'], ['scaled']),
      node('Softmax', ['scaled'], ['attention'], [int('axis', -1)]),
      node('MatMul', ['attention', 'cv'], ['context']),
      node('Add', ['x', 'context'], ['y']),
      node('MatMul', ['y', 'w_out'], ['projected']),
      node('Add', ['projected', 'b_out'], ['logits']),
      // The self-attention cache passes through: this decoder has no self-attention.
      node('Identity', ['in_n_layer_self_k_cache'], ['out_n_layer_self_k_cache']),
      node('Identity', ['in_n_layer_self_v_cache'], ['out_n_layer_self_v_cache']),
    ],
  };
  return model(graph);
}

/** Whisper's tokens file: each text token's bytes in base64, then its id. */
function tokens(): string {
  const lines: string[] = [];
  for (let id = 0; id < TINY_WHISPER.words; id++)
    lines.push(`${Buffer.from(` w${id}`).toString('base64')} ${id}`);
  return lines.join('\n') + '\n';
}

/** Writes the tiny model's three files into `dir` (created if missing); the same bytes for the same seed. */
export function writeTinyWhisper(dir: string, seed = 12345): void {
  mkdirSync(dir, { recursive: true });
  const next = random(seed);
  writeFileSync(join(dir, TINY_WHISPER_FILES.encoder), encoder(next));
  writeFileSync(join(dir, TINY_WHISPER_FILES.decoder), decoder(next));
  writeFileSync(join(dir, TINY_WHISPER_FILES.tokens), tokens());
}
