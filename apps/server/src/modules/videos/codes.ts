import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L: codes are read aloud and typed by hand. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function code(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Finds a public video: short enough to share (31^8 ≈ 8.5e11). */
export const newSearchCode = () => code(8);
/** Opens the final video without being public: long enough not to be guessed (31^12 ≈ 7.9e17, ~59 bits). */
export const newAccessCode = () => code(12);

/** Codes are shown upper-case; people may type them in any case, with spaces or dashes. */
export const normaliseCode = (input: string) => input.toUpperCase().replace(/[\s-]/g, '');

/** `#words` in the title and description, lower-cased, in order of appearance, without repeats. */
export function extractHashtags(...texts: string[]): string[] {
  const tags = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/(?:^|[^\p{L}\p{N}_])#([\p{L}\p{N}_]{1,50})/gu))
      tags.add(match[1]!.toLowerCase());
  }
  return [...tags].slice(0, 30);
}
