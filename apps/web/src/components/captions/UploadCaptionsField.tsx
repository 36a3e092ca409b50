import { useRef, type ChangeEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { CAPTION_EDITOR_TEXTS } from '@pw/contracts';
import { FieldError } from '@/components/form/FieldError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import {
  browserLanguage,
  readCaptionFile,
  uploadCaptionsForm,
  uploadCaptionsOf,
  type UploadCaptionsValues,
} from './caption-form';
import type { UploadCaptions } from './upload-captions';

/**
 * The optional Captions of the upload's details step: a transcript typed or pasted, or a WebVTT or SRT
 * file (read and checked at once, so a bad line is named before the upload starts), with its language.
 * `check()` answers the captions to send once the video exists, null for none, or false (an error shown).
 */
export function useUploadCaptionsField(idPrefix: string, initial?: UploadCaptions | null) {
  const form = useBodyForm<UploadCaptionsValues>({
    schema: uploadCaptionsForm,
    defaultValues: {
      language: initial?.language ?? browserLanguage(),
      transcript: initial && 'transcript' in initial.body ? (initial.body.transcript ?? '') : '',
      vtt: initial && 'vtt' in initial.body ? (initial.body.vtt ?? '') : '',
      // Back at this step after choosing a file: its text is kept, its name was not.
      fileName: initial && 'vtt' in initial.body ? 'The chosen file' : '',
    },
  });
  const { control, setValue, trigger, getValues, register } = form;
  const fileName = useWatch({ control, name: 'fileName' });
  const vtt = useWatch({ control, name: 'vtt' });
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = `${idPrefix}-captions-file`;
  const fileError = form.errorOf('vtt');

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setValue('fileName', file.name);
    setValue('vtt', await readCaptionFile(file));
    await trigger(['vtt', 'language']);
  };

  const removeFile = () => {
    setValue('fileName', '');
    setValue('vtt', '');
    if (fileInput.current) fileInput.current.value = '';
    void trigger();
  };

  const check = async (): Promise<UploadCaptions | null | false> => {
    if (!(await trigger())) {
      const first = form.formState.errors.language ? `${idPrefix}-captions-language` : fileId;
      document.getElementById(first)?.focus();
      return false;
    }
    return uploadCaptionsOf(getValues());
  };

  const element = (
    <fieldset className="mt-3">
      <legend className="fs-6 fw-semibold mb-1">{CAPTION_EDITOR_TEXTS.heading} (optional)</legend>
      <p className="small text-body-secondary mb-2">
        The words of the video, shown with it. You can also add or edit them later on the video&apos;s page.
      </p>
      <TextField
        {...form.field('language')}
        id={`${idPrefix}-captions-language`}
        label={CAPTION_EDITOR_TEXTS.language}
        hint={CAPTION_EDITOR_TEXTS.languageHint}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
      {!vtt && (
        <TextAreaField
          {...form.field('transcript')}
          id={`${idPrefix}-captions-transcript`}
          label={CAPTION_EDITOR_TEXTS.transcript}
          hint={CAPTION_EDITOR_TEXTS.transcriptHint}
          rows={3}
        />
      )}
      <input type="hidden" {...register('vtt')} />
      <label className="form-label" htmlFor={fileId}>
        {vtt ? CAPTION_EDITOR_TEXTS.file : `Or a ${CAPTION_EDITOR_TEXTS.file}`}
      </label>
      <input
        ref={fileInput}
        id={fileId}
        type="file"
        accept={CAPTION_EDITOR_TEXTS.fileAccept}
        className={`form-control${fileError ? ' is-invalid' : ''}`}
        aria-invalid={fileError ? true : undefined}
        aria-describedby={fileError ? `${fileId}-error` : undefined}
        onChange={(event) => void onFile(event)}
      />
      {fileName && (
        <div className="d-flex flex-wrap gap-2 align-items-center mt-1">
          {!fileError && <span className="form-text mt-0">{fileName} is ready to be saved.</span>}
          <button type="button" className="btn btn-link btn-sm p-0" onClick={removeFile}>
            Remove the file
          </button>
        </div>
      )}
      <FieldError id={`${fileId}-error`} message={fileError} />
    </fieldset>
  );
  return { element, check };
}
