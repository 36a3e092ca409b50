import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDialog } from '@/components/dialog/DialogProvider';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { VideoPlayer } from '@/components/video/VideoPlayer';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate, formatWhen, toTimeInput } from '@/lib/dates';
import { secondAddressSentence } from '@/lib/schedule-form';
import { useTitle } from '@/lib/use-title';
import { durationLabel, folderTabPath } from '@/lib/videos';
import { useDeleteVideo } from '../api/delete-video';
import { useFinalOccupied, useVideoList } from '../api/list-videos';
import { usePublishVideo } from '../api/update-status';
import { useUpdateType, type Schedule, type UpdateTypeBody } from '../api/update-type';
import { canChangeTime, moveSteps, transferredMessage } from '../model/folders';
import { deliveryPhase, isLiveDelivery, repeatLine, scheduledMoment } from '../model/delivery';
import { CaptionsPanel } from '@/components/captions/CaptionsPanel';
import { AccessGrantsPanel } from './AccessGrantsPanel';
import { ChangeFolderDialog } from './ChangeFolderDialog';
import { CodeField } from './CodeField';
import { DeliveryBadge } from './DeliveryBadge';
import { DeliveryOpens } from './DeliveryOpens';
import { EditDetailsDialog } from './EditDetailsDialog';
import { TrimDraftDialog } from './TrimDraftDialog';
import { focusAfterDialog } from '@/components/dialog/focus-after-dialog';
import { HeldDeliveryPanel } from './HeldDeliveryPanel';
import { ScheduleDialog, type ScheduleMode } from './ScheduleDialog';
import { detailPath, OPEN_CHANGE } from './VideoCard';
import { AddressCheckLine } from './AddressCheckLine';
import { MergingNote } from './MergingNote';
import './library.scss';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import clockIcon from 'bootstrap-icons/icons/clock.svg?raw';
import arrowRepeatIcon from 'bootstrap-icons/icons/arrow-repeat.svg?raw';
import envelopeIcon from 'bootstrap-icons/icons/envelope.svg?raw';
import folderSymlinkIcon from 'bootstrap-icons/icons/folder-symlink.svg?raw';
import globe2Icon from 'bootstrap-icons/icons/globe2.svg?raw';
import pencilIcon from 'bootstrap-icons/icons/pencil.svg?raw';
import scissorsIcon from 'bootstrap-icons/icons/scissors.svg?raw';
import personCheckIcon from 'bootstrap-icons/icons/person-check.svg?raw';
import trash3Icon from 'bootstrap-icons/icons/trash3.svg?raw';
import { Icon } from '@/components/Icon';
import { useOwnCaptionTracks } from '../api/own-captions';
import {
  videoFolderLabels,
  type Video,
  type VideoFolder,
  VIDEO_MESSAGES,
  FOLDER_OCCUPIED_MESSAGE,
  DELIVERY_MESSAGES,
} from '@pw/contracts';

type Panel = null | 'edit' | 'trim' | 'folder' | ScheduleMode;

/**
 * The success title of each way into the scheduled folder (docs/product.md §13.5, and 'sent again',
 * docs/product.md §5.1).
 */
const SCHEDULED_TITLES: Record<ScheduleMode, string> = {
  move: VIDEO_MESSAGES.movedAndScheduled,
  change: VIDEO_MESSAGES.scheduleUpdated,
  again: VIDEO_MESSAGES.scheduledAgain,
};

/** When and to whom a scheduled video goes, went, or could not go. */
function DeliveryLine({ video }: { video: Video }) {
  const phase = deliveryPhase(video);
  const delivery = video.delivery;
  const planned = scheduledMoment(video);
  const repeats = repeatLine(video);
  let line: ReactNode = null;
  if (repeats && delivery) {
    line = (
      <>
        To <strong>{delivery.recipient_email}</strong>. {repeats}.
      </>
    );
  } else if (phase === 'delivered' && delivery) {
    line = (
      <>
        Delivered to <strong>{delivery.recipient_email}</strong>
        {delivery.sent_at ? ` on ${formatWhen(delivery.sent_at)}` : ''}.
        {delivery.replaces_email && (
          <>
            {' '}
            <strong>{delivery.replaces_email}</strong> could not take it, so it was{' '}
            {DELIVERY_MESSAGES.sentToFallback}. Please check that address.
          </>
        )}
      </>
    );
  } else if (phase === 'failed' && delivery) {
    line = (
      <>
        Could not be delivered to <strong>{delivery.recipient_email}</strong>
        {planned ? ` on ${planned}` : ''}. You can change the time to try again.
      </>
    );
  } else if (phase === 'pending' && delivery?.replaces_email) {
    line = (
      <>
        <strong>{delivery.replaces_email}</strong> could not take it: being {DELIVERY_MESSAGES.sentToFallback}
        , <strong>{delivery.recipient_email}</strong>.
      </>
    );
  } else if (phase === 'pending' && planned) {
    line = (
      <>
        To be sent to <strong>{video.email}</strong> on {planned}.
        {delivery?.fallback_email && (
          <>
            {' '}
            If it cannot be delivered, it goes to <strong>{delivery.fallback_email}</strong>.
          </>
        )}
      </>
    );
  }
  if (!line) return null;
  const note = delivery?.note?.trim();
  return (
    <>
      <p className="mb-0">
        <Icon svg={envelopeIcon} className="me-1" />
        {line}
      </p>
      {note && (
        <p className="mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
          <span className="text-body-secondary">Your note: </span>
          {note}
        </p>
      )}
    </>
  );
}

/**
 * Finds the video of `?video={id}`: the folder list is the truth (so edits show at once), the video
 * passed in navigation state covers the first paint and a list still loading (docs/product.md §13.3, §13.5).
 */
function useFolderVideo(folder: VideoFolder) {
  const [params] = useSearchParams();
  const location = useLocation();
  const list = useVideoList(folder);
  const raw = params.get('video');
  const id = raw === null ? null : Number(raw);
  const passed = (location.state as { video?: Video } | null)?.video;
  const fromList =
    id === null
      ? folder === 'final'
        ? list.data?.[0]
        : undefined
      : list.data?.find((video) => video.id === id);
  const fallback = passed && passed.id === id && (list.isPending || list.isFetching) ? passed : undefined;
  return { video: fromList ?? fallback, list };
}

export function FinalVideoPage() {
  return <VideoDetailPage folder="final" />;
}
export function ScheduledVideoPage() {
  return <VideoDetailPage folder="scheduled" />;
}
export function DraftVideoPage() {
  return <VideoDetailPage folder="draft" />;
}

function VideoDetailPage({ folder }: { folder: VideoFolder }) {
  const { video, list } = useFolderVideo(folder);
  useTitle(video?.title ?? videoFolderLabels[folder]);
  const back = (
    <Link to={folderTabPath(folder)} className="btn btn-outline-secondary btn-sm">
      <Icon svg={arrowLeftIcon} className="me-1" />
      Back to {videoFolderLabels[folder]}
    </Link>
  );
  if (video) return <VideoDetail key={video.id} video={video} folder={folder} back={back} />;
  return (
    <div className="container py-4">
      {back}
      {list.isPending ? (
        <Loading label="Loading video…" />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <div className="text-center py-5" role="alert">
          <h1 className="h4">Unable to find video</h1>
          <p className="text-body-secondary">It may have been moved to another folder or deleted.</p>
        </div>
      )}
    </div>
  );
}

function VideoDetail({ video, folder, back }: { video: Video; folder: VideoFolder; back: ReactNode }) {
  const dialog = useDialog();
  const navigate = useNavigate();
  const location = useLocation();
  // The owner's own tracks as written (drafts too), from their caption list: a save shows at once.
  const captions = useOwnCaptionTracks(video.id, video.state === 'ready');
  // The scheduled card's 'Change' (the address check, docs/product.md §5.9) opens the schedule dialog.
  const [panel, setPanel] = useState<Panel>(() =>
    folder === 'scheduled' && (location.state as { open?: string } | null)?.open === OPEN_CHANGE
      ? 'change'
      : null,
  );
  const updateType = useUpdateType(video.id);
  const publish = usePublishVideo(video.id);
  const remove = useDeleteVideo(video.id);
  const finalOccupied = useFinalOccupied();
  const busy = updateType.isPending || publish.isPending || remove.isPending;
  const phase = deliveryPhase(video);
  const delivered = phase === 'delivered' ? video.delivery : null;

  const showFailure = (error: unknown, fallback: string) =>
    dialog({
      variant: 'unsuccessful',
      title: 'Unsuccessful',
      text:
        error instanceof ApiError && error.status === 409
          ? FOLDER_OCCUPIED_MESSAGE
          : errorMessage(error, fallback),
    });

  /** After a move the video lives in another folder: show it there, then say what happened. */
  const arrive = (to: VideoFolder, moved: Video, title: string, text?: string) => {
    navigate(detailPath({ id: video.id, type: to }), { replace: true, state: { video: moved } });
    // The button that started the move belongs to the old screen: focus lands on the video's title.
    void dialog({ variant: 'success', title, text }).then(() => focusAfterDialog('video-title'));
  };

  const move = async (body: UpdateTypeBody, mode: ScheduleMode = 'move') => {
    const response = await updateType.mutateAsync(body);
    const moved: Video = { ...video, ...(response?.data ?? {}), type: body.type };
    if (body.type === 'scheduled') {
      arrive(
        'scheduled',
        moved,
        SCHEDULED_TITLES[mode],
        `It will be e-mailed to ${body.email} on ${formatDate(body.share_at_date)} at ${toTimeInput(body.share_at_time)}` +
          ' and stays in the Scheduled folder.' +
          secondAddressSentence(body.fallback_email),
      );
    } else {
      arrive(body.type, moved, 'Video moved', response?.message ?? transferredMessage(body.type));
    }
  };

  const onFolderChosen = async (to: VideoFolder) => {
    setPanel(null);
    // An occupied folder is said first: asking to cancel a delivery for a move that cannot happen misleads.
    if (to === 'final' && (await finalOccupied(video.id))) {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: FOLDER_OCCUPIED_MESSAGE });
      return;
    }
    const steps = moveSteps(folder, to, isLiveDelivery(phase));
    if (steps.includes('confirm-unschedule')) {
      const moment = scheduledMoment(video);
      const when = moment ? ` on ${moment}` : '';
      const { confirmed } = await dialog({
        variant: 'question',
        title: 'Cancel the delivery?',
        text: `This video will NOT be sent${when}${video.email ? ` to ${video.email}` : ''}. Move it to ${videoFolderLabels[to]}?`,
      });
      if (!confirmed) return;
    }
    if (steps.includes('schedule-form')) {
      setPanel('move');
      return;
    }
    try {
      await move({ type: to as 'draft' | 'final' });
    } catch (error) {
      await showFailure(error, 'The video could not be moved. Please try again.');
    }
  };

  const onSchedule = async (mode: ScheduleMode, schedule: Schedule) => {
    try {
      await move({ type: 'scheduled', ...schedule }, mode);
      setPanel(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setPanel(null);
        await showFailure(error, '');
        return;
      }
      throw error; // shown in red under the form
    }
  };

  const onChangeTime = async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Change time',
      text: 'Do you want to change the e-mail, date or time this video will be sent?',
    });
    if (confirmed) setPanel('change');
  };

  /** A delivered video is sent again as a new delivery: its own question and form (docs/product.md §5.1). */
  const onSendAgain = async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Send it again?',
      text: delivered
        ? `It was delivered to ${delivered.recipient_email}${delivered.sent_at ? ` on ${formatWhen(delivered.sent_at)}` : ''}. Choose when to send it again, to the same address or another.`
        : 'Choose when to send it again, to the same address or another.',
      confirmText: 'Choose a time',
      cancelText: 'Not now',
    });
    if (confirmed) setPanel('again');
  };

  const onPublish = async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Public Video?',
      text: 'Anyone signed in will be able to watch it on the home page and find it by its video code. A public video cannot be made private again.',
    });
    if (!confirmed) return;
    try {
      await publish.mutateAsync();
      await dialog({ variant: 'success', title: 'Video Published', text: 'Your video has been published.' });
    } catch (error) {
      await showFailure(error, 'The video could not be published. Please try again.');
    }
  };

  const onDelete = async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Are you sure you want to Delete this video?',
      text: isLiveDelivery(phase)
        ? 'Its scheduled delivery will be cancelled. This cannot be undone.'
        : 'This cannot be undone.',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync();
      navigate(folderTabPath(folder), { replace: true });
      void dialog({ variant: 'success', title: VIDEO_MESSAGES.deleted }).then(() =>
        focusAfterDialog('my-videos-heading'),
      );
    } catch (error) {
      await showFailure(error, 'The video could not be deleted. Please try again.');
    }
  };

  // A delivered video is sent again as a new delivery; any other schedule can still be changed.
  const timeAction =
    phase === 'delivered'
      ? {
          label: 'Send it again',
          title: 'Send this video again, as a new delivery',
          icon: arrowRepeatIcon,
          run: onSendAgain,
        }
      : {
          label: 'Change time',
          title: 'Change the e-mail, date or time of the delivery',
          icon: clockIcon,
          run: onChangeTime,
        };

  const duration = durationLabel(video.duration);
  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        {back}
        <div className="video-actions d-flex flex-wrap gap-1" role="group" aria-label="Video actions">
          <button
            type="button"
            className="btn btn-light"
            onClick={() => setPanel('folder')}
            disabled={busy}
            title="Move this video to another folder"
          >
            <Icon svg={folderSymlinkIcon} />
            Change folder
          </button>
          {canChangeTime(folder) && (
            <button
              type="button"
              className="btn btn-light"
              onClick={() => void timeAction.run()}
              disabled={busy}
              title={timeAction.title}
            >
              <Icon svg={timeAction.icon} />
              {timeAction.label}
            </button>
          )}
          {/* The owner publishes drafts only: a final message after its author's passing, a scheduled
              video goes to its recipient (the server refuses the others). */}
          {folder === 'draft' && video.is_private === 1 && video.state === 'ready' && (
            <button
              type="button"
              className="btn btn-light"
              onClick={() => void onPublish()}
              disabled={busy}
              title="Make this video public"
            >
              <Icon svg={globe2Icon} />
              Make public
            </button>
          )}
          {/* Only a draft is trimmed: what is scheduled or final is as its owner kept it. */}
          {folder === 'draft' && video.state === 'ready' && !video.merging && (
            <button
              type="button"
              className="btn btn-light"
              onClick={() => setPanel('trim')}
              disabled={busy}
              title="Set where this video starts and ends"
            >
              <Icon svg={scissorsIcon} />
              Trim
            </button>
          )}
          {folder === 'final' && (
            // The owner may hand their final message on too (docs/product.md §6.7): the same Grant access
            // page.
            <Link
              to="/user/access-code/form"
              state={{ videoId: video.id }}
              className="btn btn-light"
              title="Give a funeral home or another person access to this video"
            >
              <Icon svg={personCheckIcon} />
              Grant access
            </Link>
          )}
          <button
            type="button"
            className="btn btn-light text-danger"
            onClick={() => void onDelete()}
            disabled={busy}
            title="Delete this video"
          >
            <Icon svg={trash3Icon} />
            Delete
          </button>
        </div>
      </div>

      <VideoPlayer video={video} captions={captions} />

      <div className="row g-4 mt-1">
        <div className="col-lg-8">
          <div className="d-flex align-items-start justify-content-between gap-3">
            <h1 id="video-title" tabIndex={-1} className="h3 text-break mb-1">
              {video.title}
            </h1>
            <button
              type="button"
              className="btn btn-outline-primary flex-shrink-0"
              onClick={() => setPanel('edit')}
              disabled={busy}
            >
              <Icon svg={pencilIcon} className="me-1" />
              Edit<span className="visually-hidden"> title and description</span>
            </button>
          </div>
          <p className="text-body-secondary small d-flex flex-wrap gap-2 align-items-center">
            <span>{videoFolderLabels[folder]}</span>
            {duration && <span>· {duration}</span>}
            <span>· {video.is_private ? 'Private' : 'Public'}</span>
            <DeliveryBadge video={video} detailed />
          </p>
          {video.merging && (
            <p>
              <MergingNote video={video} />
            </p>
          )}
          {/* A ready video with a reason is a draft whose last trim failed: it stayed as it was. */}
          {video.state === 'ready' && video.failure_reason && (
            <p className="alert alert-warning py-2" role="status">
              The last trim could not be made, so the video is as it was: {video.failure_reason}
            </p>
          )}
          {video.description ? (
            <p className="text-break" style={{ whiteSpace: 'pre-line' }}>
              {video.description}
            </p>
          ) : (
            <p className="text-body-secondary fst-italic">No description yet.</p>
          )}
          {folder === 'scheduled' && <DeliveryLine video={video} />}
          {folder === 'scheduled' && (
            <AddressCheckLine video={video} onChange={() => setPanel('change')} className="mb-3" />
          )}
          {folder === 'scheduled' && <DeliveryOpens video={video} />}
          {folder === 'scheduled' && phase === 'awaiting' && (
            <HeldDeliveryPanel video={video} disabled={busy} />
          )}
          <CaptionsPanel video={video} />
          <AccessGrantsPanel videoId={video.id} />
        </div>
        <div className="col-lg-4">
          {folder === 'final' && video.access_code && (
            <CodeField
              id="access-code"
              label="Access code"
              code={video.access_code}
              hint="Give this code to the people who should receive your Parting Words; they enter it under Access code."
            />
          )}
          {/* The video code finds a public video; only a draft can be made public by its owner (a final
              message by a funeral home after a release), so a private final or scheduled video has none to show. */}
          {video.search_code && (folder === 'draft' || !video.is_private) && (
            <CodeField
              id="video-code"
              label="Video code"
              code={video.search_code}
              hint={
                video.is_private
                  ? 'Once the video is public, others can find it with this code.'
                  : 'Others can find this public video with this code.'
              }
            />
          )}
        </div>
      </div>

      <EditDetailsDialog
        show={panel === 'edit'}
        video={video}
        onCancel={() => setPanel(null)}
        onSaved={() => {
          setPanel(null);
          void dialog({ variant: 'success', title: VIDEO_MESSAGES.detailsUpdated });
        }}
      />
      {folder === 'draft' && (
        <TrimDraftDialog
          show={panel === 'trim'}
          video={video}
          onCancel={() => setPanel(null)}
          onSaved={(message) => {
            setPanel(null);
            void dialog({ variant: 'success', title: message });
          }}
        />
      )}
      <ChangeFolderDialog
        show={panel === 'folder'}
        from={folder}
        onCancel={() => setPanel(null)}
        onNext={(to) => void onFolderChosen(to)}
      />
      <ScheduleDialog
        show={panel === 'move' || panel === 'change' || panel === 'again'}
        mode={panel === 'change' || panel === 'again' ? panel : 'move'}
        video={video}
        busy={updateType.isPending}
        onCancel={() => setPanel(null)}
        onSubmit={(schedule) =>
          onSchedule(panel === 'change' || panel === 'again' ? panel : 'move', schedule)
        }
      />
    </div>
  );
}
