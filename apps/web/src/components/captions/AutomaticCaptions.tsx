import ProgressBar from 'react-bootstrap/ProgressBar';
import { AUTOMATIC_CAPTION_MESSAGES, type AutomaticCaptions as AutomaticState } from '@pw/contracts';

/**
 * Where the server's automatic captions of the video are (docs/product.md §4.7): being written, with its
 * progress, or failed; and, where this server writes captions at all, the button that asks for them on a
 * ready video. Nothing at all on a server without a recognizer.
 */
export function AutomaticCaptions({
  automatic,
  videoReady,
  asking,
  onAsk,
}: {
  automatic: AutomaticState;
  videoReady: boolean;
  asking: boolean;
  onAsk: () => void;
}) {
  if (!automatic.available) return null;
  const writing = automatic.state === 'queued' || automatic.state === 'running';
  if (writing) {
    const percent = automatic.progress ?? 0;
    return (
      <div className="mb-3" role="status">
        <p className="mb-1 small">{AUTOMATIC_CAPTION_MESSAGES.writing(percent)}</p>
        <ProgressBar now={percent} visuallyHidden label={`${percent}%`} aria-hidden="true" />
      </div>
    );
  }
  return (
    <div className="mb-3">
      {automatic.state === 'failed' && (
        <p className="small text-danger mb-1" role="alert">
          {AUTOMATIC_CAPTION_MESSAGES.failed}
        </p>
      )}
      {videoReady && (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onAsk} disabled={asking}>
          Write captions automatically
        </button>
      )}
    </div>
  );
}
