import { useCallback, useEffect, useRef, useState } from 'react';
import { recordings, type RecordingStore } from '@/lib/recordings/recording-store';
import {
  holdLive,
  keepRecording,
  type KeepingProblem,
  type RecordingKeeper,
} from '@/lib/recordings/recovery';
import type { LiveUpload, LiveUploadOptions, LiveUploadState } from '@/lib/recordings/live-upload';
import { useLiveUpload } from './use-live-upload';

/**
 * The recorder's states (docs/product.md §13.5): idle ('Click to record') → recording (Stop, Pause, Finish) →
 * paused (Resume) → recorded (Save, or Discard). 'starting' covers the camera permission prompt.
 */
export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'recorded';

export type RecorderProblem = 'unsupported' | 'webcam';

/** WebM first (docs/product.md §13.7: recorded files are saved as webm); MP4 only for browsers that record nothing else. */
const MIME_CANDIDATES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
];

export function pickMimeType(isSupported: (type: string) => boolean): string | undefined {
  return MIME_CANDIDATES.find((type) => isSupported(type));
}

/** 'recording-2026-11-22T10-30-00.webm', from the local time the recording started. */
export function recordingName(at: Date, mimeType = 'video/webm'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}-${pad(
    at.getMinutes(),
  )}-${pad(at.getSeconds())}`;
  return `recording-${stamp}.${mimeType.startsWith('video/mp4') ? 'mp4' : 'webm'}`;
}

/** Whether this browser can record at all (camera API and MediaRecorder). */
export function canRecord(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof window.MediaRecorder === 'function'
  );
}

/** True when the browser lists no camera (labels stay hidden before permission, kinds do not). */
async function hasNoCamera(): Promise<boolean> {
  try {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices.length > 0 && !devices.some((device) => device.kind === 'videoinput');
  } catch {
    return false;
  }
}

/**
 * MediaRecorder hands over a piece every second: each is written to the device at once (docs/product.md
 * §4.5), so a closed page loses a second at most.
 */
export const PIECE_MILLISECONDS = 1000;

function newRecordingId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export interface Recorder {
  state: RecorderState;
  /** Why the copy on the device stopped, if it did: the recording itself goes on in memory. */
  keeping: KeepingProblem | null;
  /** Where its upload while recording stands (null before the first recording). */
  upload: LiveUploadState | null;
  /** Seconds recorded so far, pauses excluded. */
  elapsed: number;
  /** The live camera stream while recording or paused. */
  stream: MediaStream | null;
  /** The finished recording. */
  file: File | null;
  fileUrl: string | null;
  start(): Promise<void>;
  pause(): void;
  resume(): void;
  /** Stops recording; resolves with the recorded file. */
  stop(): Promise<File | null>;
  /** Throws the recording away, its copy on the device too. */
  discard(): Promise<void>;
  /** The recording went to the edit list: this page no longer holds it as its own (the copy stays). */
  handOver(): void;
}

export function useRecorder(
  onProblem: (problem: RecorderProblem) => void,
  options: {
    accountId: string | null;
    store?: RecordingStore;
    /** The upload while recording; tests hand in their own. */
    liveUpload?: (options: LiveUploadOptions) => LiveUpload;
  },
): Recorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const startedAt = useRef<Date>(new Date());
  const fileType = useRef('video/webm');
  // Elapsed time: what earlier segments added up to, plus the running segment since `segmentStart`.
  const banked = useRef(0);
  const segmentStart = useRef<number | null>(null);
  const stopped = useRef<Promise<File | null> | null>(null);
  const problem = useRef(onProblem);
  problem.current = onProblem;
  const [keeping, setKeeping] = useState<KeepingProblem | null>(null);
  const keeper = useRef<RecordingKeeper | null>(null);
  const recordingId = useRef<string | null>(null);
  const releaseLive = useRef<() => void>(() => undefined);
  const store = options.store ?? recordings();
  const accountId = options.accountId;
  const live = useLiveUpload(options.liveUpload);
  const beginUpload = live.begin;

  const release = useCallback((media: MediaStream | null) => {
    media?.getTracks().forEach((track) => track.stop());
  }, []);

  useEffect(() => {
    if (state !== 'recording') return;
    const timer = setInterval(() => {
      const running = segmentStart.current === null ? 0 : performance.now() - segmentStart.current;
      setElapsed((banked.current + running) / 1000);
    }, 250);
    return () => clearInterval(timer);
  }, [state]);

  // Leaving the page turns the camera off.
  const streamRef = useRef<MediaStream | null>(null);
  streamRef.current = stream;
  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') recorder.current.stop();
      release(streamRef.current);
      releaseLive.current();
    },
    [release],
  );
  useEffect(
    () => () => {
      if (fileUrl) URL.revokeObjectURL(fileUrl);
    },
    [fileUrl],
  );

  const start = useCallback(async () => {
    if (!canRecord() || (await hasNoCamera())) {
      problem.current('unsupported');
      return;
    }
    setState('starting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    } catch (error) {
      setState('idle');
      const name = (error as DOMException).name;
      problem.current(name === 'NotFoundError' || name === 'NotSupportedError' ? 'unsupported' : 'webcam');
      return;
    }
    const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type));
    let instance: MediaRecorder;
    try {
      instance = new MediaRecorder(media, mimeType ? { mimeType } : undefined);
    } catch {
      release(media);
      setState('idle');
      problem.current('unsupported');
      return;
    }
    chunks.current = [];
    banked.current = 0;
    startedAt.current = new Date();
    const type = (instance.mimeType || mimeType || 'video/webm').split(';')[0]!;
    fileType.current = type;
    const id = newRecordingId();
    recordingId.current = id;
    releaseLive.current();
    releaseLive.current = holdLive(id);
    setKeeping(null);
    const keptBy = keepRecording(
      store,
      {
        id,
        accountId,
        startedAt: startedAt.current.toISOString(),
        mimeType: type,
        name: recordingName(startedAt.current, type),
      },
      setKeeping,
    );
    keeper.current = keptBy;
    // Each piece goes up once the device has it (or could not keep it), so the server never holds more
    // than the copy offered back after a crash; the upload's address goes in the copy's record.
    const uploading = beginUpload({
      name: recordingName(startedAt.current, type),
      type,
      onUrl: (url) => void keptBy.flushed().then(() => store.setUpload(id, url).catch(() => undefined)),
    });
    instance.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      chunks.current.push(event.data);
      const running = segmentStart.current === null ? 0 : performance.now() - segmentStart.current;
      keptBy.add(event.data, (banked.current + running) / 1000);
      void keptBy.flushed().then(() => uploading.add(event.data));
    });
    // However it stops (Stop, Finish, the page left), the last seconds follow and the length is told.
    instance.addEventListener('stop', () => void keptBy.flushed().then(() => uploading.end()), {
      once: true,
    });
    instance.addEventListener('error', () => {
      release(media);
      problem.current('webcam');
    });
    // A camera unplugged mid-recording ends its track.
    media.getVideoTracks().forEach((track) =>
      track.addEventListener('ended', () => {
        if (instance.state !== 'inactive') problem.current('webcam');
      }),
    );
    recorder.current = instance;
    stopped.current = null;
    setStream(media);
    setFile(null);
    setFileUrl(null);
    setElapsed(0);
    instance.start(PIECE_MILLISECONDS);
    segmentStart.current = performance.now();
    setState('recording');
  }, [release, store, accountId, beginUpload]);

  const bank = () => {
    if (segmentStart.current !== null) banked.current += performance.now() - segmentStart.current;
    segmentStart.current = null;
    setElapsed(banked.current / 1000);
  };

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    bank();
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    segmentStart.current = performance.now();
    setState('recording');
  }, []);

  const stop = useCallback((): Promise<File | null> => {
    const instance = recorder.current;
    if (!instance || instance.state === 'inactive') return stopped.current ?? Promise.resolve(null);
    bank();
    stopped.current = new Promise<File | null>((resolve) => {
      instance.addEventListener(
        'stop',
        () => {
          const type = fileType.current;
          const recorded =
            chunks.current.length > 0
              ? new File(chunks.current, recordingName(startedAt.current, type), { type })
              : null;
          release(instance.stream);
          setStream(null);
          setFile(recorded);
          setFileUrl(recorded ? URL.createObjectURL(recorded) : null);
          setState(recorded ? 'recorded' : 'idle');
          resolve(recorded);
        },
        { once: true },
      );
    });
    instance.stop();
    return stopped.current;
  }, [release]);

  const cancelUpload = live.cancel;
  const discard = useCallback(async () => {
    const id = recordingId.current;
    await keeper.current?.flushed();
    await cancelUpload();
    if (id) await store.remove(id).catch(() => undefined);
    recordingId.current = null;
    releaseLive.current();
  }, [store, cancelUpload]);

  const handOver = useCallback(() => {
    recordingId.current = null;
    releaseLive.current();
  }, []);

  return {
    state,
    keeping,
    upload: live.state,
    elapsed,
    stream,
    file,
    fileUrl,
    start,
    pause,
    resume,
    stop,
    discard,
    handOver,
  };
}
