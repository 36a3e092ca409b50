import { Link, useNavigate } from 'react-router';
import { VideoStateBadge } from '@/components/video/VideoStateBadge';
import { FOLDER_ROUTES } from '../model/folders';
import { DeliveryBadge } from './DeliveryBadge';
import { latestOpened, repeatLine, scheduleCardLines } from '../model/delivery';
import { VideoThumb } from './VideoThumb';
import { AddressCheckLine } from './AddressCheckLine';
import { MergingNote } from './MergingNote';
import type { Video } from '@pw/contracts';

/** Where a video's detail screen lives: the folder's relative route with ?video={id} (docs/product.md §13.3). */
export function detailPath(video: Pick<Video, 'id' | 'type'>): string {
  return `/user/profile/${FOLDER_ROUTES[video.type]}?video=${video.id}`;
}

function CardBody({ video }: { video: Video }) {
  const repeats = repeatLine(video);
  const opened = latestOpened(video);
  const schedule = scheduleCardLines(video);
  return (
    <>
      <VideoThumb video={video} />
      <div className="pt-2 d-flex flex-column gap-1">
        <span className="fw-semibold text-break video-card__title">{video.title}</span>
        <span className="d-flex flex-wrap gap-2 align-items-center">
          <VideoStateBadge video={video} />
          <MergingNote video={video} />
          <DeliveryBadge video={video} />
          {!video.is_private && <span className="badge text-bg-light border">Public</span>}
        </span>
        {schedule.map((line) => (
          <span key={line} className="small text-body-secondary text-break">
            {line}
          </span>
        ))}
        {repeats && <span className="small text-body-secondary">{repeats}</span>}
        {opened && <span className="small text-body-secondary">{opened}</span>}
      </div>
    </>
  );
}

/** A video in a folder list: opens its detail screen with the video in navigation state. */
export function VideoCard({ video, grow = false }: { video: Video; grow?: boolean }) {
  return (
    <Link
      to={detailPath(video)}
      state={{ video }}
      className={`video-card card ${grow ? 'flex-grow-1' : 'h-100'} p-2 text-reset text-decoration-none`}
    >
      <CardBody video={video} />
    </Link>
  );
}

/** What the detail screen opens with, passed in navigation state: the schedule dialog's change mode. */
export const OPEN_CHANGE = 'change';

/**
 * A card of the scheduled folder: the card, and under it the yearly address check's question when one is
 * open (docs/product.md §5.9); its 'Change' opens the video's schedule dialog in change mode.
 */
export function ScheduledVideoCard({ video }: { video: Video }) {
  const navigate = useNavigate();
  if (!video.delivery?.address_check) return <VideoCard video={video} />;
  return (
    <div className="h-100 d-flex flex-column gap-2">
      <VideoCard video={video} grow />
      <AddressCheckLine
        video={video}
        onChange={() => void navigate(detailPath(video), { state: { video, open: OPEN_CHANGE } })}
      />
    </div>
  );
}

interface SelectableVideoCardProps {
  video: Video;
  /** 1-based join order, or null when not selected. */
  position: number | null;
  disabled: boolean;
  onToggle: () => void;
}

/** A draft in selection mode: the whole card is the label of a real checkbox (keyboard: Tab, Space). */
export function SelectableVideoCard({ video, position, disabled, onToggle }: SelectableVideoCardProps) {
  const id = `select-video-${video.id}`;
  return (
    <label
      htmlFor={id}
      className={`video-card card h-100 p-2 ${position ? 'video-card--selected' : ''} ${disabled ? 'opacity-75' : ''}`}
    >
      <span className="video-card__check d-flex align-items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="form-check-input m-0"
          checked={position !== null}
          disabled={disabled}
          onChange={onToggle}
          aria-describedby={disabled ? `${id}-why` : undefined}
        />
        {position !== null && (
          <span
            className="badge rounded-pill text-bg-primary"
            aria-label={`Number ${position} in the merge order`}
          >
            {position}
          </span>
        )}
        <span className="visually-hidden">Select {video.title}</span>
      </span>
      <CardBody video={video} />
      {disabled && (
        <span id={`${id}-why`} className="small text-body-secondary">
          Only a ready video can be merged.
        </span>
      )}
    </label>
  );
}
