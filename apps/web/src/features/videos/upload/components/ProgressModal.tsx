import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';

export const UPLOAD_WAITING_TEXT =
  'Waiting for the network… The upload goes on by itself when the connection is back; keep this page open.';

/**
 * While the clips travel (a progress bar with its percentage) and then while the server converts the
 * video ('Processing your video…'). Neither Escape nor the backdrop closes it: Cancel stops the upload,
 * and during processing the person may stop waiting (the video is already saved).
 */
export function ProgressModal({
  phase,
  fraction,
  waiting = false,
  folderName,
  onCancel,
  onStopWaiting,
}: {
  phase: 'uploading' | 'processing';
  fraction: number;
  /** The network is gone: the upload waits for it and goes on by itself (docs/product.md §4.5). */
  waiting?: boolean;
  folderName: string;
  onCancel: () => void;
  onStopWaiting: () => void;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <Modal show centered backdrop="static" keyboard={false} aria-labelledby="upload-progress-title">
      <Modal.Body className="p-4">
        {phase === 'uploading' ? (
          <>
            <h2 id="upload-progress-title" className="h4">
              Uploading your video
            </h2>
            <ProgressBar className="my-3" style={{ height: '1.5rem' }}>
              <ProgressBar
                isChild
                now={percent}
                label={`${percent}%`}
                aria-label="Upload progress"
                aria-valuetext={`${percent}%`}
              />
            </ProgressBar>
            <p className="small mb-3" role="status">
              {waiting ? (
                <strong>{UPLOAD_WAITING_TEXT}</strong>
              ) : (
                <span className="text-body-secondary">
                  Please keep this page open. If the connection drops, the upload continues where it stopped.
                </span>
              )}
            </p>
            <div className="text-end">
              <Button variant="outline-secondary" onClick={onCancel}>
                Cancel upload
              </Button>
            </div>
          </>
        ) : (
          <>
            <h2 id="upload-progress-title" className="h4 d-flex align-items-center gap-2">
              <Spinner animation="border" size="sm" aria-hidden="true" />
              Processing your video…
            </h2>
            <p className="text-body-secondary mb-3" role="status">
              Your video is uploaded and is being prepared for playback. This can take a little while; you may
              leave this page and find it in {folderName} when it is ready.
            </p>
            <div className="text-end">
              <Button variant="outline-secondary" onClick={onStopWaiting}>
                Don&apos;t wait
              </Button>
            </div>
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
