import { useEffect, useRef, useState } from 'react';
import {
  MEMORIAL_MESSAGES,
  MEMORIAL_TEXT_MAX,
  memorialSettingsBody,
  type MemorialSettings,
} from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { useMemorialSettings, useSaveMemorial, type MemorialFields } from '../api/memorial';

const MODERATORS: Array<{ value: MemorialFields['moderators']; label: string }> = [
  { value: 'contacts', label: 'My trusted contacts' },
  { value: 'home', label: 'The funeral home that confirms my passing' },
  { value: 'both', label: 'Both' },
];

type Values = Omit<MemorialFields, 'photo' | 'remove_photo'>;

const valuesOf = (s: MemorialSettings): Values => ({
  enabled: s.enabled,
  text: s.text ?? '',
  video_ids: s.video_ids,
  moderators: s.moderators,
  listed: s.listed,
});

/** The choice's own fields, checked with the contract's schema (the photo travels beside them). */
const formSchema = memorialSettingsBody.omit({ photo: true, remove_photo: true });
const FIELDS = ['enabled', 'text', 'video_ids', 'moderators', 'listed', 'photo'] as const;

/**
 * 'After my passing, a memorial page' (docs/product.md §6.9): off until the owner turns it on; what it
 * shows and who looks after it. Nothing of it is visible to anyone before the release.
 */
export function MemorialCard() {
  const query = useMemorialSettings();
  return (
    <section className="mt-4" aria-labelledby="memorial-heading">
      <h3 id="memorial-heading" className="h6">
        After my passing, a memorial page
      </h3>
      {query.isPending ? (
        <Loading className="py-3" />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <MemorialForm settings={query.data} />
      )}
    </section>
  );
}

function MemorialForm({ settings }: { settings: MemorialSettings }) {
  const save = useSaveMemorial();
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [saved, setSaved] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const { register, watch, setValue, handleSubmit, reset, errorOf, summary } = useBodyForm<Values>({
    schema: formSchema,
    defaultValues: valuesOf(settings),
    failure: save.isError ? save.error : null,
    fields: FIELDS,
  });
  // Any change after a save takes its 'saved' away.
  useEffect(() => {
    const watching = watch(() => setSaved(false));
    return () => watching.unsubscribe();
  }, [watch]);
  const [enabled, videoIds] = [watch('enabled'), watch('video_ids')];
  // A double click saves once: the second click's check ends before the first call is drawn.
  const sending = useRef(false);
  const submit = handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    save.mutate(
      { ...values, photo, remove_photo: removePhoto },
      {
        onSuccess: (response) => {
          reset(valuesOf(response.data));
          setPhoto(null);
          setRemovePhoto(false);
          if (photoInput.current) photoInput.current.value = '';
          setSaved(true);
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  });
  const toggleVideo = (id: number, on: boolean) =>
    setValue('video_ids', on ? [...videoIds, id] : videoIds.filter((v) => v !== id), { shouldDirty: true });
  const [textError, photoError, videosError] = [errorOf('text'), errorOf('photo'), errorOf('video_ids')];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Memorial page">
      <p className="text-body-secondary">
        If you wish, a page opens when your final message is released: your words, a photo and the videos you
        choose, with the service details and a guestbook your family looks after. Nobody sees it before.
      </p>
      <FormError message={summary} />
      <div className="form-check form-switch mb-3">
        <input
          id="memorial-enabled"
          className="form-check-input"
          type="checkbox"
          role="switch"
          {...register('enabled')}
        />
        <label className="form-check-label" htmlFor="memorial-enabled">
          Open a memorial page after my passing
        </label>
      </div>
      {enabled && (
        <>
          <TextAreaField
            id="memorial-text"
            label="A few words in your own voice"
            rows={4}
            maxLength={MEMORIAL_TEXT_MAX}
            error={textError}
            {...register('text')}
          />
          <div className="mb-3">
            <label className="form-label" htmlFor="memorial-photo">
              A photo
            </label>
            {settings.photo_path && !removePhoto && (
              <div className="d-flex align-items-center gap-3 mb-2">
                <img
                  src={settings.photo_path}
                  alt="Your chosen photo"
                  width={64}
                  height={64}
                  className="rounded"
                />
                <button
                  type="button"
                  className="btn btn-link p-0"
                  onClick={() => {
                    setRemovePhoto(true);
                    setSaved(false);
                  }}
                >
                  Remove the photo
                </button>
              </div>
            )}
            <input
              id="memorial-photo"
              ref={photoInput}
              type="file"
              accept="image/*"
              className={`form-control${photoError ? ' is-invalid' : ''}`}
              aria-invalid={photoError ? true : undefined}
              aria-describedby={photoError ? 'memorial-photo-error' : undefined}
              onChange={(e) => {
                setPhoto(e.target.files?.[0] ?? null);
                setSaved(false);
              }}
            />
            {photoError && (
              <div id="memorial-photo-error" className="invalid-feedback">
                {photoError}
              </div>
            )}
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Videos on the page</legend>
            {settings.choosable_videos.length === 0 ? (
              <p className="text-body-secondary small mb-0">You have no finished videos yet.</p>
            ) : (
              settings.choosable_videos.map((video) => (
                <div className="form-check" key={video.id}>
                  <input
                    id={`memorial-video-${video.id}`}
                    className="form-check-input"
                    type="checkbox"
                    checked={videoIds.includes(video.id)}
                    onChange={(e) => toggleVideo(video.id, e.target.checked)}
                  />
                  <label className="form-check-label text-break" htmlFor={`memorial-video-${video.id}`}>
                    {video.title}
                    {video.type === 'final' ? ' (final message)' : ''}
                  </label>
                </div>
              ))
            )}
            {videosError && <div className="text-danger small">{videosError}</div>}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Who looks after the page</legend>
            {MODERATORS.map((option) => (
              <div className="form-check" key={option.value}>
                <input
                  id={`memorial-moderators-${option.value}`}
                  className="form-check-input"
                  type="radio"
                  value={option.value}
                  {...register('moderators')}
                />
                <label className="form-check-label" htmlFor={`memorial-moderators-${option.value}`}>
                  {option.label}
                </label>
              </div>
            ))}
          </fieldset>
          <div className="form-check mb-3">
            <input
              id="memorial-listed"
              className="form-check-input"
              type="checkbox"
              {...register('listed')}
            />
            <label className="form-check-label" htmlFor="memorial-listed">
              Let people find the page by my name (otherwise only those given its address can open it)
            </label>
          </div>
        </>
      )}
      <div className="d-flex align-items-center gap-3 flex-wrap">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save memorial page choices
        </button>
        {saved && (
          <span role="status" className="text-success">
            {MEMORIAL_MESSAGES.saved}
          </span>
        )}
      </div>
    </form>
  );
}
