import { useEffect, useRef, type ChangeEvent } from 'react';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { CAPTION_EDITOR_TEXTS, type CaptionTrack, type Video } from '@pw/contracts';
import { FieldError } from '@/components/form/FieldError';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useSaveCaptionTrack } from './api/caption-tracks';
import {
  browserLanguage,
  captionForm,
  captionSave,
  cueRowOf,
  languageLabel,
  nextCueRow,
  readCaptionFile,
  type CaptionFormValues,
  type CaptionWay,
} from './caption-form';
import { formatCueTime, parseCueTime } from './cue-time';

const WAYS: ReadonlyArray<{ value: CaptionWay; label: string }> = [
  { value: 'transcript', label: 'Type or paste a transcript' },
  { value: 'vtt', label: 'Upload a WebVTT or SRT file' },
  { value: 'cues', label: 'Edit the captions one by one' },
];

/** A caption's two times, each an input labelled as the owner reads it. */
const TIMES = [
  ['start', 'Start'],
  ['end', 'End'],
] as const;

/**
 * Writes one caption track of a video (docs/product.md §4.7): a new language, or the one `track` holds.
 * The owner types a transcript, chooses a WebVTT or SRT file (read and checked here, so a bad line is
 * named before anything is sent), or edits the cues against the video's own preview. Saving replaces
 * the language's track.
 */
export function CaptionEditor({
  video,
  track,
  onSaved,
  onCancel,
}: {
  video: Pick<Video, 'id' | 'title' | 'video_link' | 'state'>;
  /** The track being edited; none for a new language. */
  track?: CaptionTrack;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const save = useSaveCaptionTrack(video.id);
  const form = useBodyForm<CaptionFormValues>({
    schema: captionForm,
    failure: save.error,
    defaultValues: {
      language: track?.language ?? browserLanguage(),
      way: track ? 'cues' : 'transcript',
      transcript: '',
      vtt: '',
      fileName: '',
      cues: track ? track.cues.map(cueRowOf) : [nextCueRow([])],
    },
  });
  const { control, register, handleSubmit, setValue, trigger, getValues, formState } = form;
  const cues = useFieldArray({ control, name: 'cues' });
  const way = useWatch({ control, name: 'way' });
  const fileName = useWatch({ control, name: 'fileName' });
  const player = useRef<HTMLVideoElement>(null);
  const stopAt = useRef<number | null>(null);
  const playable = video.state === 'ready' && Boolean(video.video_link);
  const idPrefix = `captions-${video.id}`;
  const server = fieldErrors(save.error);
  // What the server refused at no field shown here (or a failure without fields) is said above Save.
  const summary = save.error
    ? (Object.entries(server).find(
        ([key]) => !key.startsWith('cues.') && key !== way && (track !== undefined || key !== 'language'),
      )?.[1] ?? (Object.keys(server).length ? null : errorMessage(save.error)))
    : null;

  useEffect(() => {
    const element = player.current;
    if (!element) return;
    const onTime = () => {
      if (stopAt.current !== null && element.currentTime >= stopAt.current) {
        stopAt.current = null;
        element.pause();
      }
    };
    element.addEventListener('timeupdate', onTime);
    return () => element.removeEventListener('timeupdate', onTime);
  }, [way]);

  const setFromPlayer = (index: number, which: 'start' | 'end') => {
    const element = player.current;
    if (!element) return;
    setValue(`cues.${index}.${which}`, formatCueTime(element.currentTime), { shouldValidate: true });
  };

  const playCue = (index: number) => {
    const element = player.current;
    const row = getValues(`cues.${index}`);
    const start = parseCueTime(row.start);
    const end = parseCueTime(row.end);
    if (!element || start === null) return;
    element.currentTime = start;
    stopAt.current = end;
    void element.play()?.catch(() => undefined);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    save.reset();
    if (!file) return;
    setValue('fileName', file.name);
    setValue('vtt', await readCaptionFile(file));
    await trigger('vtt');
  };

  const onSubmit = handleSubmit(async (values) => {
    const { language, body } = captionSave(values);
    try {
      const response = await save.mutateAsync({ language, body });
      onSaved(response.message);
    } catch {
      // Shown at its field or above Save.
    }
  });

  const cueError = (index: number, key: 'start' | 'end' | 'text'): string | undefined =>
    (get(formState.errors, `cues.${index}.${key}`) as { message?: string } | undefined)?.message ??
    server[`cues.${index}.${key}`];

  return (
    <form
      className="caption-editor border rounded p-3 mt-3"
      aria-labelledby={`${idPrefix}-editor-heading`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      <h3 id={`${idPrefix}-editor-heading`} className="h6">
        {track ? `Edit the ${languageLabel(track.language)} captions` : 'Add captions'}
      </h3>
      {track ? (
        <input type="hidden" {...register('language')} />
      ) : (
        <TextField
          {...form.field('language')}
          id={`${idPrefix}-language`}
          label={CAPTION_EDITOR_TEXTS.language}
          hint={CAPTION_EDITOR_TEXTS.languageHint}
          required
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className="mb-3 caption-language"
        />
      )}
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold mb-1">How to give the captions</legend>
        {WAYS.map((option) => (
          <div className="form-check" key={option.value}>
            <input
              className="form-check-input"
              type="radio"
              id={`${idPrefix}-way-${option.value}`}
              value={option.value}
              {...register('way', { onChange: () => save.reset() })}
            />
            <label className="form-check-label" htmlFor={`${idPrefix}-way-${option.value}`}>
              {option.label}
            </label>
          </div>
        ))}
      </fieldset>

      {way === 'transcript' && (
        <TextAreaField
          {...form.field('transcript')}
          id={`${idPrefix}-transcript`}
          label={CAPTION_EDITOR_TEXTS.transcript}
          hint={CAPTION_EDITOR_TEXTS.transcriptHint}
          rows={6}
          required
        />
      )}

      {way === 'vtt' && (
        <div className="mb-3">
          <label className="form-label" htmlFor={`${idPrefix}-file`}>
            {CAPTION_EDITOR_TEXTS.file}
          </label>
          <input
            id={`${idPrefix}-file`}
            type="file"
            accept={CAPTION_EDITOR_TEXTS.fileAccept}
            className={`form-control${form.errorOf('vtt') ? ' is-invalid' : ''}`}
            aria-invalid={form.errorOf('vtt') ? true : undefined}
            aria-describedby={form.errorOf('vtt') ? `${idPrefix}-file-error` : undefined}
            onChange={(event) => void onFile(event)}
          />
          {fileName && !form.errorOf('vtt') && (
            <div className="form-text">{fileName} is ready to be saved.</div>
          )}
          <FieldError id={`${idPrefix}-file-error`} message={form.errorOf('vtt')} />
        </div>
      )}

      {way === 'cues' && (
        <div className="row g-3 mb-3">
          <div className="col-lg-5">
            {playable ? (
              <video
                ref={player}
                className="caption-editor__player w-100 rounded bg-black"
                src={video.video_link ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={`Preview: ${video.title}`}
              />
            ) : (
              <p className="text-body-secondary small mb-0">
                The preview plays once the video is ready; the times can be typed meanwhile.
              </p>
            )}
          </div>
          <div className="col-lg-7">
            <ol className="list-unstyled mb-2 caption-cues">
              {cues.fields.map((field, index) => {
                const n = index + 1;
                const id = `${idPrefix}-cue-${index}`;
                return (
                  <li key={field.id} className="border rounded p-2 mb-2">
                    <fieldset>
                      <legend className="fs-6 fw-semibold mb-1">Caption {n}</legend>
                      <div className="row g-2">
                        {TIMES.map(([which, label]) => (
                          <TextField
                            key={which}
                            {...register(`cues.${index}.${which}`)}
                            error={cueError(index, which)}
                            id={`${id}-${which}`}
                            label={label}
                            inputMode="decimal"
                            className="col-6"
                          />
                        ))}
                      </div>
                      <TextAreaField
                        {...register(`cues.${index}.text`)}
                        error={cueError(index, 'text')}
                        id={`${id}-text`}
                        label="Text"
                        rows={2}
                        className="my-2"
                      />
                      <div className="d-flex flex-wrap gap-1">
                        {playable && (
                          <>
                            {(['start', 'end'] as const).map((which) => (
                              <button
                                key={which}
                                type="button"
                                className="btn btn-outline-secondary btn-sm"
                                onClick={() => setFromPlayer(index, which)}
                              >
                                Set {which} <span className="visually-hidden">of caption {n}</span> to the
                                player&apos;s time
                              </button>
                            ))}
                            <button
                              type="button"
                              className="btn btn-outline-secondary btn-sm"
                              onClick={() => playCue(index)}
                            >
                              Play <span className="visually-hidden">caption {n}</span>
                            </button>
                          </>
                        )}
                        <button
                          type="button"
                          className="btn btn-outline-danger btn-sm"
                          onClick={() => cues.remove(index)}
                          disabled={cues.fields.length === 1}
                        >
                          Remove <span className="visually-hidden">caption {n}</span>
                        </button>
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() =>
                cues.append(
                  nextCueRow(
                    getValues('cues'),
                    playable ? player.current?.currentTime || undefined : undefined,
                  ),
                )
              }
            >
              Add a caption
            </button>
          </div>
        </div>
      )}

      <FormError message={summary} className="mb-2" />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save captions'}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onCancel}
          disabled={save.isPending}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
