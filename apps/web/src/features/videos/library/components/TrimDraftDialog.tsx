import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { TRIM_MESSAGES, type Video } from '@pw/contracts';
import { TrimControl } from '@/components/video/TrimControl';
import { errorMessage } from '@/lib/api';
import type { ClipTrim } from '@/lib/edit-list/edit-trims';
import { useTrimDraft } from '../api/trim-draft';

/**
 * Trims a draft (docs/product.md §4.2): its preview with Start and End on the timeline, as on the upload
 * screen; Save asks the server to cut the stored video there (it is processed again, then lasts and
 * counts the kept part).
 */
export function TrimDraftDialog({
  show,
  video,
  onCancel,
  onSaved,
}: {
  show: boolean;
  video: Pick<Video, 'id' | 'title' | 'video_link' | 'duration_seconds'>;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const [trim, setTrim] = useState<ClipTrim | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const save = useTrimDraft(video.id);

  // Each opening starts from the whole video.
  useEffect(() => {
    if (!show) return;
    setTrim(null);
    setError(null);
  }, [show]);

  const submit = () => {
    if (!trim) return;
    setError(null);
    save.mutate(trim, {
      onSuccess: (response) => onSaved(response.message ?? TRIM_MESSAGES.started),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="trim-draft-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="trim-draft-title" className="h5">
          Trim the video
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-grid gap-2">
        {video.video_link && (
          <video
            ref={preview}
            src={video.video_link}
            controls
            playsInline
            preload="metadata"
            className="w-100 rounded"
            data-testid="trim-preview"
            aria-label={`Preview: ${video.title}`}
          />
        )}
        <TrimControl
          clipName="the video"
          duration={video.duration_seconds}
          value={trim}
          onChange={setTrim}
          onSeek={(seconds) => {
            const element = preview.current;
            if (!element) return;
            element.pause();
            element.currentTime = seconds;
          }}
        />
        <p className="small text-body-secondary m-0">
          Only the part between Start and End is kept; the rest is removed for good when you save.
        </p>
        {error && (
          <Alert variant="danger" className="m-0 py-2" role="alert">
            {error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!trim || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
