import { useEffect, useState, type RefObject } from 'react';
import { TrimControl } from '@/components/video/TrimControl';
import { measureDuration } from '@/lib/edit-list/durations';
import type { ClipTrim } from '@/lib/edit-list/edit-trims';

/**
 * The trim of a finished recording, set on the recorder before it is saved (docs/product.md §4.5): the
 * recording's length is measured from the file itself (MediaRecorder's WebM says none in its header), and
 * each end set moves the playback to the frame it keeps. Save carries the trim to the edit list.
 */
export function RecordingTrim({
  fileUrl,
  playback,
  value,
  onChange,
}: {
  fileUrl: string;
  playback: RefObject<HTMLVideoElement | null>;
  value: ClipTrim | null;
  onChange: (trim: ClipTrim | null) => void;
}) {
  const [duration, setDuration] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    setDuration(undefined);
    void measureDuration(fileUrl).then((seconds) => {
      if (current) setDuration(seconds);
    });
    return () => {
      current = false;
    };
  }, [fileUrl]);

  if (duration === undefined)
    return (
      <p className="small text-body-secondary m-0" role="status">
        Measuring your recording…
      </p>
    );
  return (
    <TrimControl
      clipName="your recording"
      duration={duration}
      value={value}
      onChange={onChange}
      onSeek={(seconds) => {
        const video = playback.current;
        if (!video) return;
        video.pause();
        video.currentTime = seconds;
      }}
    />
  );
}
