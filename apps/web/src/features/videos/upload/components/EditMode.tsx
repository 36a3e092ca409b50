import cloudArrowUpIcon from 'bootstrap-icons/icons/cloud-arrow-up.svg?raw';
import plusLgIcon from 'bootstrap-icons/icons/plus-lg.svg?raw';
import { Icon } from '@/components/Icon';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatClock } from '@/lib/edit-list/durations';
import type { EditListStore, EditVideo } from '@/lib/edit-list/edit-list-store';
import { useClipDurations } from '@/lib/edit-list/use-clip-durations';
import { VIDEO_ACCEPT } from '@/lib/edit-list/video-types';
import { isOverLimit, keptSeconds, type ClipTrim } from '../model/upload-flow';
import { paymentCovering, savePaidExtraTime } from '../model/paid-extra-time';
import { readEditTitle, saveEditTitle } from '../model/edit-title';
import { readEditTrims, setEditTrim } from '@/lib/edit-list/edit-trims';
import { UnusedExtraTime } from '@/components/payment';
import { useQueryClient } from '@tanstack/react-query';
import { readExtraTimeRate } from '@/lib/extra-time';
import { useUploadFlow, type UploadFlowOptions } from './use-upload-flow';
import { ClipStrip } from './ClipStrip';
import { TrimControl } from '@/components/video/TrimControl';
import { useAddFiles } from './use-add-files';
import { FREE_VIDEO_SECONDS } from '@pw/contracts';

/**
 * Edit mode (docs/product.md §13.3): an editable title, a player that moves on to the next clip when one ends, the
 * reorderable strip with per-clip removal, Add more and Upload. The total length is measured here and
 * flagged above 60 seconds.
 */
export function EditMode({
  items,
  store,
  flow,
}: {
  items: readonly EditVideo[];
  store: EditListStore;
  flow: Pick<UploadFlowOptions, 'onSaved' | 'onFileError' | 'service'>;
}) {
  // Kept in session storage: paying for extra time leaves this page and comes back.
  const [title, setTitleState] = useState(readEditTitle);
  const setTitle = (value: string) => {
    setTitleState(value);
    saveEditTitle(value);
  };
  // Applying an earlier purchase changes what paymentCovering reads: render again.
  const [, setApplied] = useState(0);
  const queryClient = useQueryClient();
  const [currentId, setCurrentId] = useState<string | undefined>(items[0]?.id);
  const [autoPlay, setAutoPlay] = useState(true);
  const [unplayable, setUnplayable] = useState<string | null>(null);
  const durations = useClipDurations(items);
  // Each clip's trim, by clip id: the length counted, shown and charged is what is kept.
  const [trims, setTrims] = useState<Record<string, ClipTrim>>(readEditTrims);
  const player = useRef<HTMLVideoElement>(null);
  const totalSeconds = keptSeconds(
    items.map((item) => ({ seconds: durations.byId[item.id], trim: trims[item.id] })),
  );
  const picker = useRef<HTMLInputElement>(null);
  const { add, notice } = useAddFiles(store);
  const uploaded = () => items.filter((item) => store.file(item.id) !== undefined);
  const upload = useUploadFlow({
    ...flow,
    files: () => uploaded().map((item) => store.file(item.id)!),
    trims: () => uploaded().map((item) => trims[item.id] ?? null),
    totalSeconds,
    title,
    onTitleChange: setTitle,
    ratePerMinute: () => readExtraTimeRate(queryClient),
  });

  // Keep a clip selected: when the playing clip is removed, the one that took its place plays.
  const currentIndex = items.findIndex((item) => item.id === currentId);
  const lastIndex = useRef(0);
  if (currentIndex >= 0) lastIndex.current = currentIndex;
  const current =
    currentIndex >= 0 ? items[currentIndex] : items[Math.min(lastIndex.current, items.length - 1)];
  useEffect(() => {
    if (current && current.id !== currentId) setCurrentId(current.id);
  }, [current, currentId]);

  const select = (id: string, play: boolean) => {
    setUnplayable(null);
    setAutoPlay(play);
    setCurrentId(id);
  };
  const position = current ? items.indexOf(current) : -1;
  const over = isOverLimit(totalSeconds);
  const currentTrim = current ? (trims[current.id] ?? null) : null;
  const setTrim = (id: string, trim: ClipTrim | null) => setTrims(setEditTrim(id, trim));

  return (
    <div className="d-grid gap-3">
      <Form.Group>
        <Form.Label htmlFor="edit-title">Title</Form.Label>
        <Form.Control
          id="edit-title"
          type="text"
          maxLength={255}
          placeholder="Title of your video"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Form.Group>

      {current && (
        <figure className="m-0">
          <video
            ref={player}
            key={current.id}
            className="edit-player"
            src={current.url}
            controls
            playsInline
            autoPlay={autoPlay}
            data-testid="edit-player"
            aria-label={`Clip ${position + 1} of ${items.length}: ${current.name}`}
            onEnded={() => {
              const next = items[position + 1];
              if (next) select(next.id, true);
            }}
            onLoadedMetadata={(event) => {
              // A trimmed clip's preview starts where the kept part starts.
              if (currentTrim) event.currentTarget.currentTime = currentTrim.start;
            }}
            onTimeUpdate={(event) => {
              // …and stops where it ends, moving on as the end of the clip would.
              const video = event.currentTarget;
              if (!currentTrim || video.paused || video.currentTime < currentTrim.end) return;
              video.pause();
              const next = items[position + 1];
              if (next) select(next.id, true);
            }}
            onError={() =>
              setUnplayable(
                `This browser cannot preview ${current.name}. It will still be uploaded and converted for every browser.`,
              )
            }
          />
          <figcaption className="small text-body-secondary mt-1">
            Clip {position + 1} of {items.length}: {current.name}
          </figcaption>
          {unplayable && (
            <Alert variant="info" className="mt-2 mb-0 py-2">
              {unplayable}
            </Alert>
          )}
          <div className="mt-2">
            <TrimControl
              key={current.id}
              clipName={`clip ${position + 1}`}
              duration={durations.byId[current.id]}
              value={currentTrim}
              onChange={(trim) => setTrim(current.id, trim)}
              onSeek={(seconds) => {
                const video = player.current;
                if (!video) return;
                video.pause();
                video.currentTime = seconds;
              }}
            />
          </div>
        </figure>
      )}

      <section aria-labelledby="clips-heading">
        <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
          <h2 id="clips-heading" className="h5 m-0">
            Clips
          </h2>
          <Button variant="outline-primary" size="sm" onClick={() => picker.current?.click()}>
            <Icon svg={plusLgIcon} className="me-1" />
            Add more
          </Button>
          <input
            ref={picker}
            type="file"
            accept={VIDEO_ACCEPT}
            multiple
            className="d-none"
            data-testid="add-more-input"
            aria-label="Add more videos"
            onChange={(event) => {
              const files = event.target.files;
              void add(files).finally(() => {
                event.target.value = '';
              });
            }}
          />
        </div>
        <ClipStrip
          items={items}
          durations={durations.byId}
          currentId={current?.id}
          onSelect={(id) => select(id, true)}
          onMove={(from, to) => void store.move(from, to)}
          onRemove={(id) => void store.remove(id)}
        />
        <div aria-live="polite">
          {notice && (
            <Alert variant="info" className="py-2 mt-2 mb-0">
              {notice}
            </Alert>
          )}
        </div>
      </section>

      <div aria-live="polite" data-testid="total-length">
        {durations.measuring ? (
          <p className="m-0 text-body-secondary">Measuring your clips…</p>
        ) : over && paymentCovering(totalSeconds) ? (
          <Alert variant="success" className="m-0 py-2">
            <strong>Total length {formatClock(totalSeconds)}</strong>. Your extra time is paid: press Upload
            to save your video.
          </Alert>
        ) : over ? (
          <Alert variant="warning" className="m-0 py-2">
            <strong>Total length {formatClock(totalSeconds)}</strong>, over the {FREE_VIDEO_SECONDS}-second
            free limit. Remove or reselect clips, or buy extra time when you upload.
          </Alert>
        ) : (
          <p className="m-0">
            Total length <strong>{formatClock(totalSeconds)}</strong> of {formatClock(FREE_VIDEO_SECONDS)}{' '}
            free.
          </p>
        )}
        {over && !durations.measuring && !paymentCovering(totalSeconds) && (
          <div className="mt-2">
            <UnusedExtraTime
              totalSeconds={totalSeconds}
              onUse={({ paymentId, seconds }) => {
                savePaidExtraTime({ paymentId, seconds });
                setApplied((n) => n + 1);
              }}
            />
          </div>
        )}
        {durations.unknown.length > 0 && (
          <p className="small text-body-secondary m-0 mt-1">
            This browser cannot measure {durations.unknown.join(', ')}; the server checks the length when you
            upload.
          </p>
        )}
      </div>

      <div className="d-flex justify-content-end">
        <Button size="lg" onClick={upload.start} disabled={durations.measuring || upload.busy}>
          <Icon svg={cloudArrowUpIcon} className="me-2" />
          Upload
        </Button>
      </div>
      {upload.element}
    </div>
  );
}
