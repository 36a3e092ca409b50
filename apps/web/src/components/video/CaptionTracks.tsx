import type { CaptionLink } from '@pw/contracts';

/**
 * A video's caption tracks as `<track>` elements, for any `<video>` that plays it (docs/product.md §4.7).
 * The addresses come from the server on the same origin as the page (signed media URLs, or the owner's
 * own tracks as blob URLs), so the element needs no `crossOrigin`, which would make the video's own
 * request a CORS one.
 */

/** The reader's languages, most wanted first (the browser's own list). */
const readerLanguages = (): readonly string[] =>
  typeof navigator === 'undefined'
    ? []
    : navigator.languages?.length
      ? navigator.languages
      : [navigator.language];

/** A language's name in the reader's language (`fr` → "French"); the tag itself when unknown. */
export function languageName(tag: string, languages: readonly string[] = readerLanguages()): string {
  try {
    return new Intl.DisplayNames([...languages, 'en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const base = (tag: string) => tag.toLowerCase().split('-')[0];

/**
 * The track the reader's browser asks for: the one in the browser's language (exactly, else the same
 * language of another region), or none, so captions are on by default only for someone who reads them
 * in that language.
 */
export function preferredTrack<T extends { language: string }>(
  captions: readonly T[],
  language: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language,
): T | undefined {
  if (!language) return undefined;
  const wanted = language.toLowerCase();
  return (
    captions.find((track) => track.language.toLowerCase() === wanted) ??
    captions.find((track) => base(track.language) === base(wanted))
  );
}

/** A track as a player offers it: its language, its file, and a label when not only the language's name. */
export type PlayerTrack = CaptionLink & { label?: string };

export function CaptionTracks({ captions }: { captions: readonly PlayerTrack[] | undefined }) {
  if (!captions?.length) return null;
  const preferred = preferredTrack(captions);
  return (
    <>
      {captions.map((track) => (
        <track
          key={track.language}
          kind="captions"
          srcLang={track.language}
          label={track.label ?? languageName(track.language)}
          src={track.url}
          default={track === preferred}
        />
      ))}
    </>
  );
}
