import circleFillIcon from 'bootstrap-icons/icons/circle-fill.svg?raw';
import checkLgIcon from 'bootstrap-icons/icons/check-lg.svg?raw';
import pauseFillIcon from 'bootstrap-icons/icons/pause-fill.svg?raw';
import playFillIcon from 'bootstrap-icons/icons/play-fill.svg?raw';
import recordCircleIcon from 'bootstrap-icons/icons/record-circle.svg?raw';
import saveIcon from 'bootstrap-icons/icons/save.svg?raw';
import stopFillIcon from 'bootstrap-icons/icons/stop-fill.svg?raw';
import trashIcon from 'bootstrap-icons/icons/trash.svg?raw';
import { Icon } from '@/components/Icon';
import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { useDialog } from '@/components/dialog/DialogProvider';
import { formatClock } from '@/lib/edit-list/durations';
import { editList } from '@/lib/edit-list/edit-list-store';
import { setEditTrim, type ClipTrim } from '@/lib/edit-list/edit-trims';
import { recordings } from '@/lib/recordings/recording-store';
import { KEEPING_MESSAGES, KEPT_ON_DEVICE } from '@/lib/recordings/recovery';
import { session } from '@/lib/session';
import { useTitle } from '@/lib/use-title';
import { RecordingTrim } from './RecordingTrim';
import { RecoveryOffers, RECOVERY_TEXTS } from './RecoveryOffers';
import { canRecord, useRecorder, type RecorderProblem } from './use-recorder';
import { useLeaveWarning, useWakeLock } from './use-recording-guards';
import { UploadStatus } from './UploadStatus';
import './recorder.scss';

const UPLOAD_PATH = '/user/video/upload';

export const RECORDER_MESSAGES = {
  unsupported: 'Your browser does not support video recording.',
  webcam: 'Webcam not working: Please check if your webcam is connected and working properly.',
} as const;

/** What Stop and Finish do: both end the recording; Finish goes on to trimming and saving it. */
export const RECORDER_HELP = {
  stop: 'Stop ends the recording so you can watch it back before you save it.',
  finish: 'Finish ends it so you can set where it starts and ends, then save it to your video.',
} as const;

/**
 * /user/video/VideoRecorder (docs/product.md §13.5 'Recorder'): record a message with the camera and microphone,
 * pause and resume, then (after Stop or Finish) trim it and Save it to the edit list, or discard it.
 * docs/product.md §4.5.
 */
export function RecorderPage() {
  useTitle('Video Recorder');
  const dialog = useDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const [saving, setSaving] = useState(false);
  const [supported] = useState(canRecord);
  const [store] = useState(recordings);
  const userId = session.user()?.id;
  const accountId = userId === undefined ? null : String(userId);
  // A reload the page starts itself (Discard, a failed webcam) is no leave to warn about.
  const reloading = useRef(false);
  const reload = () => {
    reloading.current = true;
    window.location.reload();
  };

  const onProblem = useCallback(
    async (problem: RecorderProblem) => {
      await dialog({ variant: 'unsuccessful', title: 'Recording', text: RECORDER_MESSAGES[problem] });
      // docs/product.md §13.6: after a webcam failure the page reloads, which also releases the camera.
      // What was recorded stays on the device and is offered back after the reload (§4.5).
      if (problem === 'webcam') {
        reloading.current = true;
        window.location.reload();
      }
    },
    [dialog],
  );
  const recorder = useRecorder(onProblem, { accountId, store });
  const { state, stream, fileUrl } = recorder;
  const unsaved = (state === 'recording' || state === 'paused' || state === 'recorded') && !saving;
  useLeaveWarning(unsaved, reloading);
  useWakeLock(state === 'recording');

  useEffect(() => {
    if (!supported) void onProblem('unsupported');
  }, [supported, onProblem]);

  const preview = useRef<HTMLVideoElement>(null);
  const playback = useRef<HTMLVideoElement>(null);
  const [trim, setTrim] = useState<ClipTrim | null>(null);
  useEffect(() => {
    const video = preview.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => undefined);
  }, [stream]);

  // Back to the upload screen this page was opened from, or to it afresh when opened directly.
  const save = async (file: File | null, keep: ClipTrim | null = null) => {
    if (!file) return;
    setSaving(true);
    const added = await editList().add([file]);
    if (added.rejected.length > 0) {
      setSaving(false);
      throw new Error(RECOVERY_TEXTS.notVideo);
    }
    // The upload screen shows the recording trimmed as it was set here, and can still change it.
    const clip = added.added[0];
    if (clip && keep) setEditTrim(clip.id, keep);
    // The copy on the device stays until the server holds the video (docs/product.md §4.5).
    recorder.handOver();
    if ((location.state as { from?: string } | null)?.from === 'upload') void navigate(-1);
    else void navigate(UPLOAD_PATH, { replace: true });
  };

  const saveOrSay = (file: File | null) =>
    save(file, trim).catch((error: unknown) =>
      dialog({
        variant: 'unsuccessful',
        title: 'Recording',
        text: error instanceof Error ? error.message : RECOVERY_TEXTS.notVideo,
      }),
    );

  const live = state === 'recording' || state === 'paused' || state === 'starting';

  return (
    <div className="container py-4" style={{ maxWidth: '48rem' }}>
      <h1 className="h2 mb-3">Record a video</h1>
      {!supported && (
        <Alert variant="warning" role="alert">
          {RECORDER_MESSAGES.unsupported}
        </Alert>
      )}

      {state === 'idle' && (
        <RecoveryOffers store={store} accountId={accountId} onKeep={(file) => save(file)} />
      )}
      {recorder.keeping && state !== 'idle' && (
        <Alert variant="warning" role="alert">
          {KEEPING_MESSAGES[recorder.keeping]}
        </Alert>
      )}

      <div className="recorder-stage">
        {live && (
          <video
            ref={preview}
            muted
            playsInline
            autoPlay
            data-testid="recorder-preview"
            aria-label="Camera preview (sound muted here, recorded with the video)"
          />
        )}
        {state === 'recorded' && fileUrl && (
          <video
            ref={playback}
            src={fileUrl}
            controls
            playsInline
            data-testid="recorded-video"
            aria-label="Your recording"
          />
        )}
        {state === 'idle' && (
          <div className="position-absolute top-50 start-50 translate-middle text-center text-light px-3">
            <Button
              size="lg"
              variant="light"
              className="rounded-pill px-4 text-nowrap"
              disabled={!supported}
              onClick={() => void recorder.start()}
            >
              <Icon svg={recordCircleIcon} className="text-danger me-2" />
              Click to record
            </Button>
            <p className="small mt-3 mb-0">Your browser will ask to use the camera and microphone.</p>
          </div>
        )}
        {state === 'starting' && (
          <div className="position-absolute top-50 start-50 translate-middle text-light" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Starting the camera…
          </div>
        )}
        {(state === 'recording' || state === 'paused') && (
          <div className="recorder-timer badge text-bg-dark fs-6" role="timer" aria-live="off">
            <Icon
              svg={state === 'recording' ? circleFillIcon : pauseFillIcon}
              className={`${state === 'recording' ? 'text-danger ' : ''}me-1`}
            />
            <span className="visually-hidden">{state === 'recording' ? 'Recording' : 'Paused'}, </span>
            {formatClock(recorder.elapsed)}
          </div>
        )}
      </div>

      <p className="visually-hidden" role="status">
        {state === 'recording' ? 'Recording.' : state === 'paused' ? 'Recording paused.' : ''}
        {state === 'recorded' ? 'Recording stopped. Trim it if you like, then save it or discard it.' : ''}
      </p>

      {state === 'recorded' && fileUrl && (
        <div className="mt-3">
          <RecordingTrim
            key={fileUrl}
            fileUrl={fileUrl}
            playback={playback}
            value={trim}
            onChange={setTrim}
          />
        </div>
      )}

      <div className="d-flex flex-wrap gap-2 justify-content-center mt-3">
        {(state === 'recording' || state === 'paused') && (
          <>
            <Button
              variant="outline-secondary"
              onClick={() => void recorder.stop()}
              aria-describedby="recorder-help-stop"
            >
              <Icon svg={stopFillIcon} className="me-1" />
              Stop
            </Button>
            {state === 'recording' ? (
              <Button variant="outline-secondary" onClick={recorder.pause}>
                <Icon svg={pauseFillIcon} className="me-1" />
                Pause
              </Button>
            ) : (
              <Button variant="outline-secondary" onClick={recorder.resume}>
                <Icon svg={playFillIcon} className="me-1" />
                Resume
              </Button>
            )}
            <Button onClick={() => void recorder.stop()} aria-describedby="recorder-help-finish">
              <Icon svg={checkLgIcon} className="me-1" />
              Finish
            </Button>
          </>
        )}
        {state === 'recorded' && (
          <>
            <Button
              variant="outline-secondary"
              onClick={() => void recorder.discard().then(reload)}
              disabled={saving}
            >
              <Icon svg={trashIcon} className="me-1" />
              Discard the video
            </Button>
            <Button onClick={() => void saveOrSay(recorder.file)} disabled={saving}>
              <Icon svg={saveIcon} className="me-1" />
              Save
            </Button>
          </>
        )}
      </div>
      {(state === 'recording' || state === 'paused') && (
        <p className="text-center small text-body-secondary mt-2 mb-0">
          <span id="recorder-help-stop">{RECORDER_HELP.stop}</span>{' '}
          <span id="recorder-help-finish">{RECORDER_HELP.finish}</span>
        </p>
      )}
      {(state === 'recording' || state === 'paused') && !recorder.keeping && (
        <p className="text-center small text-body-secondary mt-1 mb-0">{KEPT_ON_DEVICE}</p>
      )}
      {state !== 'idle' && state !== 'starting' && (
        <UploadStatus state={recorder.upload} recording={state !== 'recorded'} />
      )}
      {state === 'recorded' && (
        <p className="text-center small text-body-secondary mt-2">
          Length {formatClock(recorder.elapsed)}
          {trim ? `, keeping ${formatClock(trim.end - trim.start)}` : ''}. Save adds it to your video; you can
          add more clips there.
        </p>
      )}
    </div>
  );
}
