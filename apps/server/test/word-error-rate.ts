/**
 * Word error rate, the usual score of a recognizer: the fewest words substituted, deleted and inserted to
 * turn what it heard into what was said, over the number of words said. Case and punctuation do not count.
 */

/** A transcript's words as they are compared: lower case, letters, digits and apostrophes. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** (substitutions + deletions + insertions) / words of the reference; 0 is perfect, and it may pass 1. */
export function wordErrorRate(reference: string, heard: string): number {
  const said = wordsOf(reference);
  const got = wordsOf(heard);
  if (said.length === 0) throw new Error('A word error rate needs a reference with words in it.');
  // One row of the edit-distance table at a time: distances from the reference's first i words.
  let previous = Array.from({ length: got.length + 1 }, (_, j) => j);
  for (let i = 1; i <= said.length; i++) {
    const current = [i];
    for (let j = 1; j <= got.length; j++) {
      const same = said[i - 1] === got[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + same);
    }
    previous = current;
  }
  return previous[got.length]! / said.length;
}
