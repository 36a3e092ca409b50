import { useId, useState } from 'react';
import type { CaptionLink } from '@pw/contracts';
import { languageName, preferredTrack } from '@/components/video/CaptionTracks';
import { useTranscript } from '../api/get-transcript';

export const READ_THE_MESSAGE = 'Read the message';
export const TRANSCRIPT_FAILED = 'The words could not be loaded just now.';

/**
 * "Read the message": the whole transcript as text under the video (docs/product.md §4.7), for someone who
 * cannot hear it, reads faster than they listen, or wants the words to keep. Closed until asked for; in
 * the reader's language when there is a track in it, and any other language on request.
 */
export function ReadTheMessage({
  captions,
  onStale,
}: {
  captions: readonly CaptionLink[];
  /** The addresses expire: a failed read asks the page for fresh ones. */
  onStale: () => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [language, setLanguage] = useState(() => (preferredTrack(captions) ?? captions[0])?.language);
  const track = captions.find((one) => one.language === language) ?? captions[0];
  const transcript = useTranscript(track?.url ?? '', open && track !== undefined);
  if (!track) return null;

  return (
    <section className="watch-transcript">
      <button
        type="button"
        className="btn btn-outline-primary"
        aria-expanded={open}
        aria-controls={`${id}-text`}
        onClick={() => setOpen((was) => !was)}
      >
        {READ_THE_MESSAGE}
      </button>
      {open && (
        <div id={`${id}-text`} className="watch-transcript__body" role="region" aria-label={READ_THE_MESSAGE}>
          {captions.length > 1 && (
            <div className="mb-3">
              <label className="form-label small" htmlFor={`${id}-language`}>
                Language
              </label>
              <select
                id={`${id}-language`}
                className="form-select form-select-sm w-auto"
                value={track.language}
                onChange={(event) => setLanguage(event.target.value)}
              >
                {captions.map((one) => (
                  <option key={one.language} value={one.language}>
                    {languageName(one.language)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {transcript.isPending ? (
            <p className="text-body-secondary mb-0" role="status">
              Loading the words…
            </p>
          ) : transcript.isError ? (
            <p className="mb-0" role="alert">
              {TRANSCRIPT_FAILED}{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => {
                  onStale();
                  void transcript.refetch();
                }}
              >
                Try again
              </button>
            </p>
          ) : (
            <div className="watch-transcript__text" lang={track.language}>
              {transcript.data.split('\n').map((line, index) => (
                <p key={index}>{line}</p>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
