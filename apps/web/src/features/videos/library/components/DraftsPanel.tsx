import { useState } from 'react';
import { useDialog } from '@/components/dialog/DialogProvider';
import { ApiError, errorMessage } from '@/lib/api';
import { formatSeconds } from '@/lib/videos';
import { useCopyMove, type MergeAction } from '../api/copy-move';
import { useVideoList } from '../api/list-videos';
import {
  checkMerge,
  isSelectable,
  pruneSelection,
  selectionPosition,
  toggleSelected,
} from '../model/selection';
import { EditDetailsDialog } from './EditDetailsDialog';
import { FolderVideoList } from './FolderVideoList';
import { MergeActionDialog } from './MergeActionDialog';
import { SelectableVideoCard, VideoCard } from './VideoCard';
import uiChecksGridIcon from 'bootstrap-icons/icons/ui-checks-grid.svg?raw';
import { Icon } from '@/components/Icon';
import {
  FREE_VIDEO_SECONDS,
  PAYMENT_SUCCESS_MESSAGE,
  TOO_FEW_VIDEOS_MESSAGE,
  VIDEOS_MERGED_MESSAGE,
  type Video,
  VIDEO_MESSAGES,
} from '@pw/contracts';
import type { ChosenExtraTime } from '@/lib/extra-time';
import { ExtraTimeDialog } from './ExtraTimeDialog';

/**
 * The 'Oops!' text when a merge would exceed the free allowance (docs/product.md §3.5, superseding
 * docs/product.md §3.5).
 */
export function tooLongMessage(totalSeconds: number): string {
  return `Together these videos last ${formatSeconds(totalSeconds)}, more than the ${FREE_VIDEO_SECONDS} seconds of free video time. Buy extra time to merge them, or select fewer or shorter drafts.`;
}

export const BUY_EXTRA_TIME = 'Buy extra time';

/** What 'Edit' does in the Drafts tab: it starts joining drafts, not editing one. */
export const DRAFTS_EDIT_HELP = 'Select two or more drafts to join them into one video.';

/** Minutes bought for this merge: kept until the merge uses them, so a cancelled Copy/Move loses nothing. */
interface PaidMerge {
  paymentId: string;
  coversSeconds: number;
}

/**
 * The Drafts tab (docs/product.md §13.5 draft multi-select): 'Edit' toggles selection mode, 'Cancel' clears it,
 * 'Next' checks the selection, asks Copy or Move, and merges through copyMove.
 */
export function DraftsPanel() {
  const dialog = useDialog();
  const drafts = useVideoList('draft');
  const copyMove = useCopyMove();
  const [selecting, setSelecting] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [askAction, setAskAction] = useState<number[] | null>(null);
  const [mergeError, setMergeError] = useState<string | null>(null);
  /** The merge waiting for its extra time to be paid (the card form is open). */
  const [paying, setPaying] = useState<{ ids: number[]; totalSeconds: number } | null>(null);
  const [paid, setPaid] = useState<PaidMerge | null>(null);
  /** The merged draft being renamed straight after the merge. */
  const [renaming, setRenaming] = useState<Video | null>(null);

  const videos = drafts.data ?? [];
  // Drafts that vanished or stopped being ready after a reload fall out of the selection.
  const selection = pruneSelection(picked, videos);

  const stopSelecting = () => {
    setSelecting(false);
    setPicked([]);
  };

  /** 'Oops!' offering to buy the minutes (docs/product.md §13.5); the offer opens the payment form. */
  const offerExtraTime = async (ids: number[], totalSeconds: number, text: string) => {
    const answer = await dialog({
      variant: 'unsuccessful',
      title: 'Oops!',
      text,
      extraAction: BUY_EXTRA_TIME,
    });
    if (answer.extra) setPaying({ ids, totalSeconds });
  };

  const onNext = async () => {
    const check = checkMerge(selection, videos);
    setMergeError(null);
    if (check.ok) {
      setAskAction(check.ids);
    } else if (check.reason === 'too-few') {
      await dialog({ variant: 'unsuccessful', title: 'Oops!', text: TOO_FEW_VIDEOS_MESSAGE });
    } else if (paid && check.totalSeconds <= FREE_VIDEO_SECONDS + paid.coversSeconds) {
      setAskAction(check.ids);
    } else {
      await offerExtraTime(check.ids, check.totalSeconds, tooLongMessage(check.totalSeconds));
    }
  };

  const onPaid = async ({ paymentId, seconds, bought }: ChosenExtraTime) => {
    if (!paying) return;
    const { ids } = paying;
    setPaying(null);
    setPaid({ paymentId, coversSeconds: seconds });
    await dialog({ variant: 'success', title: bought ? PAYMENT_SUCCESS_MESSAGE : 'Extra time applied' });
    setAskAction(ids);
  };

  const onChoose = (action: MergeAction) => {
    if (!askAction) return;
    const ids = askAction;
    copyMove.mutate(
      { video_ids: ids, action, payment_id: paid?.paymentId },
      {
        onSuccess: async (response) => {
          setAskAction(null);
          setPaid(null);
          stopSelecting();
          // The server names the new draft after its sources; it can be renamed from here at once.
          const merged = response?.data;
          const answer = await dialog({
            variant: 'success',
            title: VIDEOS_MERGED_MESSAGE,
            text: merged ? `Your new draft is called “${merged.title}”.` : undefined,
            extraAction: merged ? 'Rename' : undefined,
          });
          if (answer.extra && merged) setRenaming(merged);
        },
        onError: async (error) => {
          if (error instanceof ApiError && error.status === 422) {
            // The server measured the real files: over the allowance is the 'Oops!' of docs/product.md §13.5. A payment
            // it refused (used, or too short) is of no more use, so the offer buys afresh.
            setAskAction(null);
            setPaid(null);
            if (/allowance/i.test(error.message) || error.errors?.payment_id) {
              const total = checkMerge(ids, videos);
              const seconds = total.ok || total.reason === 'too-long' ? total.totalSeconds : 0;
              await offerExtraTime(ids, seconds, error.message);
            } else {
              await dialog({ variant: 'unsuccessful', title: 'Oops!', text: error.message });
            }
            return;
          }
          setMergeError(errorMessage(error, 'The videos could not be merged. Please try again.'));
        },
      },
    );
  };

  const toolbar = (list: Video[]) => (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      {!selecting ? (
        <>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => setSelecting(true)}
            disabled={list.length === 0}
            aria-describedby="drafts-edit-help"
          >
            <Icon svg={uiChecksGridIcon} className="me-1" />
            Edit
          </button>
          {/* 'Edit' is the product's word for it; this line says what it starts. */}
          <span id="drafts-edit-help" className="text-body-secondary small">
            {DRAFTS_EDIT_HELP}
          </span>
        </>
      ) : (
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={stopSelecting}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void onNext()}>
            Next
          </button>
          <span className="text-body-secondary small" aria-live="polite">
            {selection.length} selected. Select drafts in the order they should play, then press Next to merge
            them.
          </span>
        </>
      )}
    </div>
  );

  return (
    <>
      <FolderVideoList
        folder="draft"
        toolbar={toolbar}
        renderVideo={(video) =>
          selecting ? (
            <SelectableVideoCard
              video={video}
              position={selectionPosition(selection, video.id)}
              disabled={!isSelectable(video)}
              onToggle={() => setPicked(toggleSelected(selection, video.id))}
            />
          ) : (
            <VideoCard video={video} />
          )
        }
      />
      <MergeActionDialog
        show={askAction !== null}
        count={askAction?.length ?? 0}
        busy={copyMove.isPending}
        error={mergeError}
        onChoose={onChoose}
        onCancel={() => setAskAction(null)}
      />
      <ExtraTimeDialog
        totalSeconds={paying?.totalSeconds ?? null}
        onPaid={onPaid}
        onCancel={() => setPaying(null)}
      />
      {renaming && (
        <EditDetailsDialog
          show
          video={renaming}
          onCancel={() => setRenaming(null)}
          onSaved={() => {
            setRenaming(null);
            void dialog({ variant: 'success', title: VIDEO_MESSAGES.detailsUpdated });
          }}
        />
      )}
    </>
  );
}
