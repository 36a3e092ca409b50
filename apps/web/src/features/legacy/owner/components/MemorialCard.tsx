import { useState, type FormEvent } from 'react';
import { MEMORIAL_MESSAGES, type MemorialSettings } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useMemorialSettings, useSaveMemorial, type MemorialFields } from '../api/memorial';

const MODERATORS: Array<{ value: MemorialFields['moderators']; label: string }> = [
  { value: 'contacts', label: 'My trusted contacts' },
  { value: 'home', label: 'The funeral home that confirms my passing' },
  { value: 'both', label: 'Both' },
];

const fieldsOf = (s: MemorialSettings): MemorialFields => ({
  enabled: s.enabled,
  text: s.text ?? '',
  video_ids: s.video_ids,
  moderators: s.moderators,
  listed: s.listed,
  photo: null,
  remove_photo: false,
});

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
  const [fields, setFields] = useState<MemorialFields>(() => fieldsOf(settings));
  const [saved, setSaved] = useState(false);
  const errors = save.isError ? fieldErrors(save.error) : {};
  const set = (patch: Partial<MemorialFields>) => {
    setSaved(false);
    setFields((current) => ({ ...current, ...patch }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const response = await save.mutateAsync(fields).catch(() => null);
    if (response) {
      setFields(fieldsOf(response.data));
      setSaved(true);
    }
  };
  const toggleVideo = (id: number, on: boolean) =>
    set({ video_ids: on ? [...fields.video_ids, id] : fields.video_ids.filter((v) => v !== id) });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Memorial page">
      <p className="text-body-secondary">
        If you wish, a page opens when your final message is released: your words, a photo and the videos you
        choose, with the service details and a guestbook your family looks after. Nobody sees it before.
      </p>
      {save.isError && Object.keys(errors).length === 0 && <FormError message={errorMessage(save.error)} />}
      <div className="form-check form-switch mb-3">
        <input
          id="memorial-enabled"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={fields.enabled}
          onChange={(e) => set({ enabled: e.target.checked })}
        />
        <label className="form-check-label" htmlFor="memorial-enabled">
          Open a memorial page after my passing
        </label>
      </div>
      {fields.enabled && (
        <>
          <div className="mb-3">
            <label className="form-label" htmlFor="memorial-text">
              A few words in your own voice
            </label>
            <textarea
              id="memorial-text"
              className={`form-control${errors.text ? ' is-invalid' : ''}`}
              rows={4}
              maxLength={2000}
              value={fields.text}
              onChange={(e) => set({ text: e.target.value })}
            />
            {errors.text && <div className="invalid-feedback">{errors.text}</div>}
          </div>
          <div className="mb-3">
            <label className="form-label" htmlFor="memorial-photo">
              A photo
            </label>
            {settings.photo_path && !fields.remove_photo && (
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
                  onClick={() => set({ remove_photo: true })}
                >
                  Remove the photo
                </button>
              </div>
            )}
            <input
              id="memorial-photo"
              type="file"
              accept="image/*"
              className={`form-control${errors.photo ? ' is-invalid' : ''}`}
              onChange={(e) => set({ photo: e.target.files?.[0] ?? null })}
            />
            {errors.photo && <div className="invalid-feedback">{errors.photo}</div>}
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
                    checked={fields.video_ids.includes(video.id)}
                    onChange={(e) => toggleVideo(video.id, e.target.checked)}
                  />
                  <label className="form-check-label text-break" htmlFor={`memorial-video-${video.id}`}>
                    {video.title}
                    {video.type === 'final' ? ' (final message)' : ''}
                  </label>
                </div>
              ))
            )}
            {errors.video_ids && <div className="text-danger small">{errors.video_ids}</div>}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">Who looks after the page</legend>
            {MODERATORS.map((option) => (
              <div className="form-check" key={option.value}>
                <input
                  id={`memorial-moderators-${option.value}`}
                  className="form-check-input"
                  type="radio"
                  name="moderators"
                  checked={fields.moderators === option.value}
                  onChange={() => set({ moderators: option.value })}
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
              checked={fields.listed}
              onChange={(e) => set({ listed: e.target.checked })}
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
