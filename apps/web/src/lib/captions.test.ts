import { describe, expect, it } from 'vitest';
import {
  CAPTION_LIMITS,
  CAPTION_MESSAGES,
  cuesFromTranscript,
  parseCaptions,
  toSrt,
  toWebVtt,
  transcriptOf,
  type Cue,
} from '@pw/contracts';

// The contracts' caption reader and writers, shared by the server and this app's caption editor.
const cues: Cue[] = [
  { start: 0.5, end: 3.25, text: 'Hello, my darling.' },
  { start: 3.25, end: 7, text: 'Fish & chips <every> Friday,\nremember?' },
  { start: 3725.001, end: 3726.999, text: 'An hour later --> still here' },
];

const parsed = (text: string) => {
  const result = parseCaptions(text);
  if (!result.ok) throw new Error(`line ${result.line}: ${result.message}`);
  return result.cues;
};

describe('captions', () => {
  it('WebVTT round trip: what is written reads back the same, escaped where WebVTT needs it', () => {
    const file = toWebVtt(cues);
    expect(file).toBe(
      'WEBVTT\n\n' +
        '00:00:00.500 --> 00:00:03.250\nHello, my darling.\n\n' +
        '00:00:03.250 --> 00:00:07.000\nFish &amp; chips &lt;every&gt; Friday,\nremember?\n\n' +
        '01:02:05.001 --> 01:02:06.999\nAn hour later --&gt; still here\n',
    );
    expect(parsed(file)).toEqual(cues);
  });

  it('SRT round trip, and an SRT file with a BOM, CRLF lines and font tags', () => {
    // SRT has no escapes: a "<" would read back as a tag, so the round trip is of text without one.
    const plain = [cues[0]!, { start: 3.25, end: 7, text: 'Two lines,\nremember?' }];
    expect(parsed(toSrt(plain))).toEqual(plain);
    expect(toSrt([cues[2]!])).toContain('An hour later -> still here');
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\n<font color="red">Hi</font> there\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye\r\n';
    expect(parsed(srt)).toEqual([
      { start: 1, end: 2.5, text: 'Hi there' },
      { start: 3, end: 4, text: 'Bye' },
    ]);
  });

  it("reads a real WebVTT file's parts: header text, notes, styles, identifiers, settings, voice tags, short times", () => {
    const vtt = [
      'WEBVTT - a goodbye',
      'Kind: captions',
      '',
      'NOTE written by hand',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'intro',
      '00:05.000 --> 00:07.500 align:start line:0',
      '<v Mum>It is me.</v> <i>Really</i> &lt;3',
      '',
      '00:01.000 --> 00:02.000',
      'First',
    ].join('\n');
    expect(parsed(vtt)).toEqual([
      { start: 1, end: 2, text: 'First' },
      { start: 5, end: 7.5, text: 'It is me. Really <3' },
    ]);
  });

  it.each([
    ['a WebVTT file without its header', '00:01.000 --> 00:02.000\nHi\n', 'vtt', 1, 'noHeader'],
    [
      'a broken arrow',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\n00:03.000 -> 00:04.000\nThere\n',
      undefined,
      6,
      'badTiming',
    ],
    [
      'an end before the start',
      '1\n00:00:05,000 --> 00:00:04,000\nBackwards\n',
      undefined,
      2,
      'endBeforeStart',
    ],
    ['a time line without text', 'WEBVTT\n\n00:01.000 --> 00:02.000\n', undefined, 3, 'noText'],
    [
      'an arrow in the text',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nOne\nTwo --> three\n',
      undefined,
      5,
      'arrowInText',
    ],
    ['only a note', 'WEBVTT\n\nNOTE only a note\n', undefined, 4, 'empty'],
    ['words without times', 'just some words\nwithout times\n', undefined, 1, 'badTiming'],
    ['times without milliseconds', '1\n00:00:01 --> 00:00:02\nNo milliseconds\n', undefined, 2, 'badTiming'],
    ['a caption after six hours', 'WEBVTT\n\n07:00:00.000 --> 07:00:01.000\nLate\n', undefined, 3, 'tooLong'],
    [
      'an overlong caption',
      `WEBVTT\n\n00:01.000 --> 00:02.000\n${'a'.repeat(CAPTION_LIMITS.cueText + 1)}\n`,
      undefined,
      4,
      'textTooLong',
    ],
  ] as const)('%s is refused naming the line of the problem', (_, text, format, line, message) => {
    expect(parseCaptions(text, format)).toEqual({ ok: false, line, message: CAPTION_MESSAGES[message] });
  });

  it('refuses a file too large before reading it, and more captions than a track may hold', () => {
    expect(parseCaptions(`WEBVTT\n\n${'x'.repeat(CAPTION_LIMITS.bytes)}`)).toMatchObject({
      ok: false,
      line: 1,
      message: CAPTION_MESSAGES.tooLarge,
    });
    const many = Array.from({ length: CAPTION_LIMITS.cues + 1 }, (_, i) => ({
      start: i,
      end: i + 0.5,
      text: 'a',
    }));
    expect(parseCaptions(toWebVtt(many))).toMatchObject({ ok: false, message: CAPTION_MESSAGES.tooMany });
    expect(parseCaptions(toWebVtt(many.slice(1)))).toMatchObject({ ok: true });
  });

  it('a transcript without times is spread over the length by sentence, and read back as text', () => {
    const spread = cuesFromTranscript('I love you. Be kind!\n\nGoodbye', 20);
    expect(spread.map((cue) => cue.text)).toEqual(['I love you.', 'Be kind!', 'Goodbye']);
    expect(spread[0]!.start).toBe(0);
    expect(spread.at(-1)!.end).toBe(20);
    for (let i = 1; i < spread.length; i++) expect(spread[i]!.start).toBe(spread[i - 1]!.end);
    expect(spread[0]!.end).toBeCloseTo((20 * 11) / 26, 3);
    expect(transcriptOf(cues)).toBe(
      'Hello, my darling.\nFish & chips <every> Friday, remember?\nAn hour later --> still here',
    );
  });
});
