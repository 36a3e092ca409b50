import heartIcon from 'bootstrap-icons/icons/heart.svg?raw';
import heartFillIcon from 'bootstrap-icons/icons/heart-fill.svg?raw';
import { Icon } from '@/components/Icon';

interface LikeButtonProps {
  liked: boolean;
  count: number;
  onToggle: () => void;
  disabled?: boolean;
  /** The last like call failed: the count shown is still the one before it, and the person is told. */
  failed?: boolean;
  /** 'light' for use over a dark video. */
  tone?: 'light' | 'dark';
}

/** A toggle button (aria-pressed) with the like count beside it. */
export function LikeButton({ liked, count, onToggle, disabled, failed, tone = 'dark' }: LikeButtonProps) {
  const countLabel = `${count} ${count === 1 ? 'like' : 'likes'}`;
  return (
    <div className={`d-inline-flex align-items-center gap-2 like-button like-button--${tone}`}>
      <button
        type="button"
        className={`btn btn-round-icon rounded-circle ${tone === 'light' ? 'btn-light' : 'btn-outline-primary'}`}
        aria-pressed={liked}
        aria-label="Like"
        title={liked ? 'Remove your like' : 'Like this video'}
        onClick={onToggle}
        disabled={disabled}
      >
        <Icon svg={liked ? heartFillIcon : heartIcon} className={liked ? 'text-danger' : undefined} />
      </button>
      <span className="like-count" aria-live="polite">
        {countLabel}
      </span>
      {failed && (
        <span className={`like-failed small ${tone === 'light' ? '' : 'text-danger'}`} role="alert">
          Your like was not saved. Try again.
        </span>
      )}
    </div>
  );
}
