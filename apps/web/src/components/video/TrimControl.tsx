import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TRIM_MIN_SECONDS } from '@pw/contracts';
import type { ClipTrim } from '@/lib/edit-list/edit-trims';

/** A trim slider moves by a tenth of a second; the arrow keys do the same, Page Up/Down by more. */
const STEP = 0.1;

const shown = (seconds: number) => `${seconds.toFixed(1)} s`;

/**
 * Where the kept part of a clip starts and ends: two labelled sliders on the clip's timeline (usable with
 * the arrow keys), each moving the preview to the frame it sets, so the owner sees the first and the last
 * frame kept. At least TRIM_MIN_SECONDS are kept; the whole clip is "no trim" (null).
 */
export function TrimControl({
  clipName,
  duration,
  value,
  onChange,
  onSeek,
}: {
  clipName: string;
  /** The clip's length as the browser measured it; without it nothing can be set. */
  duration: number | null | undefined;
  value: ClipTrim | null;
  onChange: (trim: ClipTrim | null) => void;
  /** Shows the preview at this second of the clip. */
  onSeek: (seconds: number) => void;
}) {
  if (!duration || duration < TRIM_MIN_SECONDS) return null;
  const start = value?.start ?? 0;
  const end = value?.end ?? duration;
  const set = (next: ClipTrim) => onChange(next.start <= 0 && next.end >= duration ? null : next);
  const round = (seconds: number) => Math.round(seconds * 10) / 10;
  return (
    <fieldset className="trim-control border rounded p-2" data-testid="trim-control">
      <legend className="h6 float-none w-auto px-1 mb-1">Trim {clipName}</legend>
      <TrimSlider
        which="start"
        label="Start"
        duration={duration}
        value={start}
        onSlide={(raw) => {
          const next = Math.max(0, Math.min(round(raw), end - TRIM_MIN_SECONDS));
          set({ start: next, end });
          onSeek(next);
        }}
      />
      <TrimSlider
        which="end"
        label="End"
        duration={duration}
        value={end}
        onSlide={(raw) => {
          // The slider's last step may fall short of the clip's end: its top is the end itself.
          const next = raw >= duration - STEP / 2 ? duration : round(raw);
          const clamped = Math.min(duration, Math.max(next, start + TRIM_MIN_SECONDS));
          set({ start, end: clamped });
          onSeek(clamped);
        }}
      />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <p className="m-0 small" aria-live="polite" data-testid="trim-kept">
          Keeps {shown(end - start)} of {shown(duration)}
        </p>
        {value && (
          <Button size="sm" variant="outline-secondary" onClick={() => onChange(null)}>
            Keep the whole clip
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/** One end of the trim: a labelled slider over the clip's length, its value shown beside its label. */
function TrimSlider({
  which,
  label,
  duration,
  value,
  onSlide,
}: {
  which: 'start' | 'end';
  label: string;
  duration: number;
  value: number;
  onSlide: (seconds: number) => void;
}) {
  const id = `trim-${which}`;
  return (
    <Form.Group controlId={id} className="mb-2">
      <div className="d-flex justify-content-between">
        <Form.Label className="mb-0">{label}</Form.Label>
        <output htmlFor={id} data-testid={`${id}-value`}>
          {shown(value)}
        </output>
      </div>
      <Form.Range
        min={0}
        max={duration}
        step={STEP}
        value={value}
        aria-valuetext={shown(value)}
        onChange={(event) => onSlide(Number(event.target.value))}
      />
    </Form.Group>
  );
}
