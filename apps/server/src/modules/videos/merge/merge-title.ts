/** Longest title a video may have (the title column and the edit form's limit). */
export const TITLE_MAX = 255;
const SEPARATOR = ' + ';

function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The title of a merged draft: its sources' titles in join order ("Draft B + Draft C"), so it can be told
 * apart from each of them; when the owner already has a video of that name, the first free " (2)",
 * " (3)"… is added (compared without regard to case). Too long a title is cut with an ellipsis.
 */
export function mergedTitle(sourceTitles: readonly string[], takenTitles: Iterable<string>): string {
  const taken = new Set([...takenTitles].map((title) => title.toLowerCase()));
  const base = sourceTitles.map((title) => title.trim()).join(SEPARATOR);
  const first = fit(base, TITLE_MAX);
  if (!taken.has(first.toLowerCase())) return first;
  for (let n = 2; ; n += 1) {
    const suffix = ` (${n})`;
    const candidate = fit(base, TITLE_MAX - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
