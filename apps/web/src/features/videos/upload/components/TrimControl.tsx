import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { TRIM_MIN_SECONDS } from '@pw/contracts';
import type { ClipTrim } from '../model/upload-flow';

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
      <Form.Group controlId="trim-start" className="mb-2">
        <div className="d-flex justify-content-between">
          <Form.Label className="mb-0">Start</Form.Label>
          <output htmlFor="trim-start" data-testid="trim-start-value">
            {shown(start)}
          </output>
        </div>
        <Form.Range
          min={0}
          max={duration}
          step={STEP}
          value={start}
          aria-valuetext={shown(start)}
          onChange={(event) => {
            const next = Math.min(round(Number(event.target.value)), end - TRIM_MIN_SECONDS);
            set({ start: Math.max(0, next), end });
            onSeek(Math.max(0, next));
          }}
        />
      </Form.Group>
      <Form.Group controlId="trim-end" className="mb-2">
        <div className="d-flex justify-content-between">
          <Form.Label className="mb-0">End</Form.Label>
          <output htmlFor="trim-end" data-testid="trim-end-value">
            {shown(end)}
          </output>
        </div>
        <Form.Range
          min={0}
          max={duration}
          step={STEP}
          value={end}
          aria-valuetext={shown(end)}
          onChange={(event) => {
            const raw = Number(event.target.value);
            // The slider's last step may fall short of the clip's end: its top is the end itself.
            const next = raw >= duration - STEP / 2 ? duration : round(raw);
            const clamped = Math.max(next, start + TRIM_MIN_SECONDS);
            set({ start, end: Math.min(duration, clamped) });
            onSeek(Math.min(duration, clamped));
          }}
        />
      </Form.Group>
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
