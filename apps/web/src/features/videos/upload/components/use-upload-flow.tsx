import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { FREE_VIDEO_SECONDS, type Video, type VideoFolder, VIDEO_MESSAGES } from '@pw/contracts';
import { useNavigate } from 'react-router';
import { useDialog } from '@/components/dialog/DialogProvider';
import { formatClock } from '@/lib/edit-list/durations';
import { useStoreVideo } from '../api/store-video';
import { networkBack, useUploadClips } from '../api/upload-clip';
import { waitUntilProcessed } from '../api/video-detail';
import { ProgressModal } from './ProgressModal';
import { FolderStep, ScheduleStep, TextStep } from './steps';
import {
  buildStoreFields,
  EMPTY_SCHEDULE,
  classifyFailure,
  folderLabel,
  freeTimeLine,
  isOverLimit,
  UPLOAD_MESSAGES,
  type ScheduleInput,
  type StoreFields,
  type ClipTrim,
} from '../model/upload-flow';
import { clearPaidExtraTime, paymentCovering } from '../model/paid-extra-time';
import { clearEditTitle } from '../model/edit-title';
import { clearEditTrims } from '@/lib/edit-list/edit-trims';
import { secondAddressSentence } from '@/lib/schedule-form';
import { ApiError } from '@/lib/api';
import { isOffline } from '@/lib/network';
import { recordings } from '@/lib/recordings/recording-store';
import { forgetUploaded } from '@/lib/recordings/recovery';
import { sendUploadCaptions, type UploadCaptions } from '@/components/captions/upload-captions';
import { CAPTION_EDITOR_TEXTS } from '@pw/contracts';

export const PAYMENT_PATH = '/user/video/upload/payment';

/** What the chain needs from the server; the page uses the real calls, tests hand in their own. */
export interface UploadService {
  upload(input: {
    files: readonly File[];
    fields: StoreFields;
    onProgress: (fraction: number) => void;
    signal: AbortSignal;
    /** True while the upload waits for the network to come back (docs/product.md §4.5). */
    onWaiting?: (waiting: boolean) => void;
  }): Promise<Video>;
  waitUntilProcessed(video: Video, signal: AbortSignal): Promise<Video>;
  /**
   * Saves the captions given in the details step for the video the upload made; answers why they were
   * not saved, or null. Without it (tests of other steps) captions are not sent.
   */
  saveCaptions?(videoId: number, captions: UploadCaptions): Promise<string | null>;
}

/** tus uploads of every clip, then the store call naming them in order, then polling the folder. */
export function useUploadService(): UploadService {
  const clips = useUploadClips();
  const store = useStoreVideo();
  const uploadClips = clips.mutateAsync;
  const storeVideo = store.mutateAsync;
  return useMemo(
    () => ({
      async upload({ files, fields, onProgress, signal, onWaiting }) {
        const uploadIds = await uploadClips({ files, onProgress, signal, onWaiting });
        if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
        // Offline, the store call waits for the network rather than failing. A call that failed for want
        // of a network never reached the server, so it is sent again.
        let video: Video | undefined;
        while (!video) {
          if (isOffline()) await networkBack({ signal, onWaiting });
          try {
            video = await storeVideo({ uploadIds, fields });
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 0 && isOffline())) throw error;
          }
        }
        // The server holds every byte now: the recorder's copies of these clips leave the device
        // (docs/product.md §4.5), and only now.
        await forgetUploaded(
          recordings(),
          files.map((file) => file.name),
        );
        return video;
      },
      waitUntilProcessed: (video, signal) => waitUntilProcessed(video, signal),
      saveCaptions: sendUploadCaptions,
    }),
    [uploadClips, storeVideo],
  );
}

type Step = 'idle' | 'folder' | 'title' | 'description' | 'schedule' | 'uploading' | 'processing';

export interface UploadFlowOptions {
  /** The clips, in the edit list's order, read when the upload starts. */
  files: () => File[];
  /** Each clip's trim, in the same order as `files` (null: kept whole). */
  trims?: () => ReadonlyArray<ClipTrim | null>;
  /** Total length measured in the browser, in seconds. */
  totalSeconds: number;
  /** The title typed in edit mode: the Title dialog starts from it. */
  title: string;
  onTitleChange?: (title: string) => void;
  /**
   * The current price of one extra minute (null: unknown), asked as 'Exceeding limit' opens, which names
   * it: the dialog's text is written once, so it waits for a rate the page is still reading.
   */
  ratePerMinute?: () => Promise<string | null>;
  /** Saved (and converted, or the person stopped waiting): the page clears the list and goes back. */
  onSaved: (result: { folder: VideoFolder; video: Video }) => void;
  /** The server refused the files as not video: the page clears the list and leaves edit mode. */
  onFileError: () => void;
  service: UploadService;
  now?: () => Date;
}

/**
 * The upload dialog chain of docs/product.md §13.5: over 60 s → 'Exceeding limit' (Pay now / Reselect video(s));
 * otherwise 'Save Video?' → Change Folder → Title → Description → (Scheduled) → upload → outcome.
 * Returns `start` for the Upload button and the element holding the chain's modals.
 */
export function useUploadFlow(options: UploadFlowOptions): {
  start: () => void;
  busy: boolean;
  element: ReactNode;
} {
  const dialog = useDialog();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const [folder, setFolder] = useState<VideoFolder | ''>('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [schedule, setSchedule] = useState<ScheduleInput>(EMPTY_SCHEDULE);
  // A ref, not state: the upload that the details step starts reads it in the same turn.
  const captions = useRef<UploadCaptions | null>(null);
  const [fraction, setFraction] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const latest = useRef(options);
  latest.current = options;

  const reset = () => {
    setStep('idle');
    setFolder('');
    setDescription('');
    setSchedule(EMPTY_SCHEDULE);
    captions.current = null;
    setFraction(0);
  };

  const exceedingLimit = useCallback(
    async (text: string) => {
      const rate = (await latest.current.ratePerMinute?.()) ?? null;
      const answer = await dialog({
        variant: 'question',
        title: 'Exceeding limit',
        text: (
          <>
            <p className="mb-2">{text}</p>
            <p className="mb-0">{freeTimeLine(rate)}</p>
          </>
        ),
        confirmText: 'Pay now',
        cancelText: 'Reselect video(s)',
      });
      // The payment page reads the length from the edit list itself; the state only saves a measurement.
      if (answer.confirmed)
        void navigate(PAYMENT_PATH, { state: { totalSeconds: latest.current.totalSeconds } });
    },
    [dialog, navigate],
  );

  const start = useCallback(async () => {
    const { totalSeconds, title: editTitle } = latest.current;
    // Over the free time, the upload goes on only with bought minutes that cover it (docs/product.md §3.4).
    if (isOverLimit(totalSeconds) && !paymentCovering(totalSeconds)) {
      await exceedingLimit(
        `Your video is ${formatClock(totalSeconds)} long. Videos up to ${FREE_VIDEO_SECONDS} seconds are free; buy extra time or reselect your video(s) to continue.`,
      );
      return;
    }
    const answer = await dialog({
      variant: 'question',
      title: 'Save Video?',
      text: 'Do you want to save this video?',
    });
    if (!answer.confirmed) return;
    setTitle(editTitle);
    setStep('folder');
  }, [dialog, exceedingLimit]);

  const finishSaved = async (savedFolder: VideoFolder, video: Video, scheduled?: ScheduleInput) => {
    // The captions go once the video exists and, when it could be waited for, its length is known
    // (a transcript is spread over it). A refusal is said here and again on the video's page.
    const notSaved =
      captions.current && latest.current.service.saveCaptions
        ? await latest.current.service.saveCaptions(video.id, captions.current)
        : null;
    const captionsLine = notSaved ? ` ${CAPTION_EDITOR_TEXTS.uploadNotSaved} ${notSaved}` : '';
    setStep('idle');
    // The bought minutes went with this video (the server consumed the payment only if it was needed).
    if (isOverLimit(latest.current.totalSeconds)) clearPaidExtraTime();
    clearEditTitle();
    clearEditTrims();
    if (savedFolder === 'scheduled') {
      await dialog({
        variant: 'success',
        title: VIDEO_MESSAGES.savedAndScheduled,
        text:
          `Your video is scheduled and will be sent to ${scheduled?.email} at the specified time. It is saved in the Scheduled folder.` +
          secondAddressSentence(scheduled?.fallback_email) +
          captionsLine,
      });
    } else {
      await dialog({
        variant: 'success',
        title: 'Video Saved',
        text: `The video has been successfully saved to ${folderLabel(savedFolder)}.${captionsLine}`,
      });
    }
    reset();
    latest.current.onSaved({ folder: savedFolder, video });
  };

  const showFailure = async (error: unknown) => {
    setStep('idle');
    setFraction(0);
    const failure = classifyFailure(error);
    if (failure.kind === 'fileError') {
      await dialog({ variant: 'unsuccessful', title: 'File Error', text: failure.message });
      reset();
      latest.current.onFileError();
    } else if (failure.kind === 'conflict') {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: failure.message });
    } else if (failure.kind === 'overLimit') {
      // A refused payment id (used, or not enough) is no use any more: the next Pay now buys afresh.
      clearPaidExtraTime();
      await exceedingLimit(failure.message);
    } else {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: failure.message });
    }
  };

  const upload = async (chosen: VideoFolder, finalDescription: string, scheduleInput?: ScheduleInput) => {
    const { service, files, totalSeconds, trims } = latest.current;
    const fields = buildStoreFields({
      trims: trims?.(),
      folder: chosen,
      title,
      description: finalDescription,
      totalSeconds,
      schedule: scheduleInput,
      paymentId: isOverLimit(totalSeconds) ? paymentCovering(totalSeconds)?.paymentId : undefined,
    });
    const controller = new AbortController();
    abort.current = controller;
    setFraction(0);
    setStep('uploading');
    let video: Video;
    try {
      video = await service.upload({
        files: files(),
        fields,
        onProgress: setFraction,
        signal: controller.signal,
        onWaiting: setWaiting,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      await showFailure(error);
      return;
    }
    setStep('processing');
    try {
      video = await service.waitUntilProcessed(video, controller.signal);
    } catch (error) {
      // Stopped waiting: the video is saved and keeps converting on the server.
      if (controller.signal.aborted) {
        await finishSaved(chosen, video, scheduleInput);
        return;
      }
      throw error;
    }
    if (video.state === 'failed') {
      const reason = video.failure_reason ?? VIDEO_MESSAGES.processingFailed;
      if (reason === UPLOAD_MESSAGES.onlyVideo) await showFailure(new Error(reason));
      else {
        setStep('idle');
        await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: reason });
      }
      return;
    }
    await finishSaved(chosen, video, scheduleInput);
  };

  const cancel = () => setStep('idle');

  let element: ReactNode = null;
  if (step === 'folder') {
    element = (
      <FolderStep
        initial={folder}
        onCancel={cancel}
        onNext={(value) => {
          setFolder(value);
          setStep('title');
        }}
      />
    );
  } else if (step === 'title') {
    element = (
      <TextStep
        key="title"
        kind="title"
        initial={title}
        onCancel={cancel}
        onBack={() => setStep('folder')}
        onNext={(value) => {
          setTitle(value);
          latest.current.onTitleChange?.(value);
          setStep('description');
        }}
      />
    );
  } else if (step === 'description' && folder) {
    element = (
      <TextStep
        key="description"
        kind="description"
        initial={description}
        submitLabel={folder === 'scheduled' ? 'Next' : 'Upload'}
        captions={{
          initial: captions.current,
          onChange: (given) => {
            captions.current = given;
          },
        }}
        onCancel={cancel}
        onBack={() => setStep('title')}
        onNext={(value) => {
          setDescription(value);
          if (folder === 'scheduled') setStep('schedule');
          else void upload(folder, value);
        }}
      />
    );
  } else if (step === 'schedule' && folder) {
    element = (
      <ScheduleStep
        initial={schedule}
        now={options.now}
        onCancel={cancel}
        onBack={() => setStep('description')}
        onSaveAsDraft={() => {
          setFolder('draft');
          void upload('draft', description);
        }}
        onNext={(value) => {
          setSchedule(value);
          void upload(folder, description, value);
        }}
      />
    );
  } else if ((step === 'uploading' || step === 'processing') && folder) {
    element = (
      <ProgressModal
        phase={step}
        fraction={fraction}
        waiting={waiting}
        folderName={folderLabel(folder)}
        onCancel={() => {
          abort.current?.abort();
          setStep('idle');
          setFraction(0);
        }}
        onStopWaiting={() => abort.current?.abort()}
      />
    );
  }

  return { start: () => void start(), busy: step !== 'idle', element };
}
