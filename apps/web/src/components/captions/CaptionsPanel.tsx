import { useRef, useState } from 'react';
import { CAPTION_EDITOR_TEXTS, type CaptionTrack, type Video } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage } from '@/lib/api';
import { countOf } from '@/lib/plural';
import {
  useAcceptCaptionTrack,
  useCaptionTracks,
  useDeleteCaptionTrack,
  useWriteCaptionsAutomatically,
} from './api/caption-tracks';
import { AutomaticCaptions } from './AutomaticCaptions';
import { languageLabel } from './caption-form';
import { CaptionEditor } from './CaptionEditor';
import { dismissUploadCaptionsFailure, uploadCaptionsFailure } from './upload-captions';
import './captions.scss';

/** Where a track stands, in plain words: whose it is and whether anyone else may see it yet. */
function TrackFacts({ track }: { track: CaptionTrack }) {
  return (
    <p className="mb-0 small text-body-secondary d-flex flex-wrap gap-2 align-items-center">
      <span>{track.source === 'owner' ? 'Written by you' : 'Automatic'}</span>
      <span aria-hidden="true">·</span>
      {track.status === 'draft' ? (
        <span className="badge text-bg-warning">Draft: only you see it</span>
      ) : (
        <span className="badge text-bg-success">Accepted</span>
      )}
      <span aria-hidden="true">·</span>
      <span>{countOf(track.cue_count, 'caption')}</span>
    </p>
  );
}

/**
 * The Captions section of the owner's video page (docs/product.md §4.7): the video's tracks, one per
 * language, with whose each is and whether it is a draft; a track is added, edited or deleted here.
 */
export function CaptionsPanel({ video }: { video: Pick<Video, 'id' | 'title' | 'video_link' | 'state'> }) {
  const tracks = useCaptionTracks(video.id);
  const remove = useDeleteCaptionTrack(video.id);
  const accept = useAcceptCaptionTrack(video.id);
  const writeAutomatically = useWriteCaptionsAutomatically(video.id);
  const dialog = useDialog();
  // null: no editor open; else the track being edited by its language (null for a new language).
  const [editing, setEditing] = useState<{ language: string | null } | null>(null);
  const [uploadFailure, setUploadFailure] = useState(() => uploadCaptionsFailure(video.id));
  const addButton = useRef<HTMLButtonElement>(null);
  const headingId = `captions-heading-${video.id}`;

  const close = () => {
    setEditing(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const onDelete = async (track: CaptionTrack) => {
    const name = languageLabel(track.language);
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Delete these captions?',
      text: `The ${name} captions of this video will be deleted. This cannot be undone.`,
      confirmText: 'Delete',
      cancelText: 'Keep them',
    });
    if (!confirmed) return;
    try {
      const response = await remove.mutateAsync(track.language);
      if (editing?.language === track.language) setEditing(null);
      await dialog({ variant: 'success', title: response.message });
    } catch (error) {
      await dialog({
        variant: 'unsuccessful',
        title: 'Unsuccessful',
        text: errorMessage(error, 'The captions could not be deleted. Please try again.'),
      });
    }
  };

  /** Runs one of the panel's calls and says its answer in a dialog, the server's words either way. */
  const tell = async (call: () => Promise<{ message: string }>, fallback: string) => {
    try {
      const response = await call();
      await dialog({ variant: 'success', title: response.message });
    } catch (error) {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: errorMessage(error, fallback) });
    }
  };

  const editedTrack = editing?.language
    ? tracks.data?.data.find((track) => track.language === editing.language)
    : undefined;
  return (
    <section className="card mt-4 captions-panel" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5">
          {CAPTION_EDITOR_TEXTS.heading}
        </h2>
        <p className="text-body-secondary small">
          The words of this video, for those who cannot hear it or would rather read. One track per language.
        </p>
        {uploadFailure && (
          <div className="alert alert-warning py-2 d-flex flex-wrap gap-2 align-items-start" role="alert">
            <p className="mb-0 flex-grow-1 text-break">
              {CAPTION_EDITOR_TEXTS.uploadNotSaved} {uploadFailure}
            </p>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                dismissUploadCaptionsFailure(video.id);
                setUploadFailure(null);
              }}
            >
              Dismiss
            </button>
          </div>
        )}
        {tracks.isPending ? (
          <Loading label="Loading captions…" className="py-3" />
        ) : tracks.isError ? (
          <ErrorState onRetry={() => void tracks.refetch()} />
        ) : (
          <>
            <AutomaticCaptions
              automatic={tracks.data.automatic}
              videoReady={video.state === 'ready'}
              asking={writeAutomatically.isPending}
              onAsk={() =>
                void tell(
                  () => writeAutomatically.mutateAsync(),
                  'The captions could not be asked for. Please try again.',
                )
              }
            />
            {tracks.data.data.length === 0 ? (
              <p className="mb-2">This video has no captions yet.</p>
            ) : (
              <ul className="list-unstyled mb-2">
                {tracks.data.data.map((track) => {
                  const name = languageLabel(track.language);
                  return (
                    <li
                      key={track.language}
                      className="border-top py-2 d-flex flex-wrap gap-2 align-items-start"
                    >
                      <div className="min-w-0 flex-grow-1">
                        <p className="mb-0 fw-semibold text-break">{name}</p>
                        <TrackFacts track={track} />
                      </div>
                      <div className="d-flex flex-wrap gap-1">
                        {track.status === 'draft' && (
                          <button
                            type="button"
                            className="btn btn-primary btn-sm"
                            onClick={() =>
                              void tell(
                                () => accept.mutateAsync(track.language),
                                'The captions could not be accepted. Please try again.',
                              )
                            }
                            disabled={accept.isPending}
                          >
                            Accept <span className="visually-hidden">the {name} captions</span>
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-outline-primary btn-sm"
                          onClick={() => setEditing({ language: track.language })}
                          disabled={editing !== null}
                        >
                          Edit <span className="visually-hidden">the {name} captions</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          onClick={() => void onDelete(track)}
                          disabled={remove.isPending}
                        >
                          Delete <span className="visually-hidden">the {name} captions</span>
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            {editing === null ? (
              <button
                ref={addButton}
                type="button"
                className="btn btn-outline-primary"
                onClick={() => setEditing({ language: null })}
              >
                Add captions
              </button>
            ) : (
              <CaptionEditor
                key={editing.language ?? ''}
                video={video}
                track={editedTrack}
                onCancel={close}
                onSaved={(message) => {
                  close();
                  void dialog({ variant: 'success', title: message });
                }}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
