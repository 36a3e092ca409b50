import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  GUESTBOOK_MESSAGE_MAX,
  guestbookBody,
  type GuestbookEntry,
  type PublicMemorial,
} from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import { Loading } from '@/components/Loading';
import { CaptionTracks } from '@/components/video/CaptionTracks';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useMemorialPage, useReportEntry, useSignGuestbook } from '../api/memorial-page';

/**
 * /memorial/{slug} (docs/product.md §6.9): only what the owner chose, the service details and the
 * approved guestbook messages, always as text; a guestbook form that asks nobody to sign up.
 */
export function MemorialPage() {
  const slug = useParams().slug ?? '';
  const page = useMemorialPage(slug);
  useTitle(page.data ? `In memory of ${page.data.name}` : 'Memorial');
  if (page.isPending) return <Loading label="Loading the memorial page…" />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404)
      return (
        <div className="container py-5 page-narrow text-center">
          <h1 className="h3">This memorial page could not be found</h1>
          <p className="text-body-secondary">Please check the address you were given.</p>
        </div>
      );
    return (
      <div className="container py-4 page-narrow">
        <ErrorState onRetry={() => void page.refetch()} />
      </div>
    );
  }
  return <Memorial slug={slug} memorial={page.data} />;
}

function Memorial({ slug, memorial }: { slug: string; memorial: PublicMemorial }) {
  const { service } = memorial;
  const hasService = service.when || service.location || service.type || service.notes;
  return (
    <div className="container py-4 py-sm-5 page-narrow">
      <p className="eyebrow">In loving memory</p>
      <h1 className="h2 text-break">{memorial.name}</h1>
      <p className="lead">
        {memorial.born_year ? `${memorial.born_year} – ` : ''}
        {memorial.died_year}
      </p>
      {memorial.photo_path && (
        <img
          src={memorial.photo_path}
          alt={memorial.name}
          className="img-fluid rounded mb-3"
          style={{ maxHeight: 320 }}
        />
      )}
      {memorial.text && (
        <p className="text-break" style={{ whiteSpace: 'pre-line' }}>
          {memorial.text}
        </p>
      )}
      {memorial.videos.map((video) => (
        <figure key={video.id} className="mb-4">
          <video
            controls
            playsInline
            preload="metadata"
            className="w-100 rounded"
            poster={video.video_thumbnail ?? undefined}
            src={video.video_link ?? undefined}
            aria-label={`Video: ${video.title}`}
          >
            <CaptionTracks captions={video.captions} />
          </video>
          <figcaption className="small text-body-secondary text-break">{video.title}</figcaption>
        </figure>
      ))}
      {hasService && (
        <section className="card p-3 mb-4" aria-labelledby="service-heading">
          <h2 id="service-heading" className="h5">
            The service
          </h2>
          <dl className="mb-0">
            {service.type && <Detail term="Service" value={service.type} />}
            {service.when && <Detail term="When" value={service.when} />}
            {service.location && <Detail term="Where" value={service.location} />}
            {service.notes && <Detail term="Notes" value={service.notes} />}
          </dl>
        </section>
      )}
      <Guestbook slug={slug} memorial={memorial} />
    </div>
  );
}

const Detail = ({ term, value }: { term: string; value: string }) => (
  <>
    <dt className="small text-body-secondary fw-normal">{term}</dt>
    <dd className="text-break">{value}</dd>
  </>
);

function Guestbook({ slug, memorial }: { slug: string; memorial: PublicMemorial }) {
  return (
    <section aria-labelledby="guestbook-heading">
      <h2 id="guestbook-heading" className="h4">
        Guestbook
      </h2>
      {memorial.entries.length === 0 ? (
        <p className="text-body-secondary">No messages have been shared yet.</p>
      ) : (
        <ul className="list-unstyled">
          {memorial.entries.map((entry) => (
            <Entry key={entry.id} slug={slug} entry={entry} />
          ))}
        </ul>
      )}
      {memorial.guestbook_open ? (
        <SignForm slug={slug} />
      ) : (
        <p className="text-body-secondary">The family has closed the guestbook.</p>
      )}
    </section>
  );
}

function Entry({ slug, entry }: { slug: string; entry: GuestbookEntry }) {
  const report = useReportEntry(slug);
  return (
    <li className="border-bottom py-3">
      <p className="mb-1 text-break" style={{ whiteSpace: 'pre-line' }}>
        {entry.message}
      </p>
      {entry.photo_path && (
        <img
          src={entry.photo_path}
          alt={`Shared by ${entry.name}`}
          className="img-fluid rounded mb-2"
          style={{ maxHeight: 200 }}
        />
      )}
      <p className="small text-body-secondary mb-1 text-break">
        {entry.name} · <time dateTime={entry.created_at}>{formatWhen(entry.created_at)}</time>
      </p>
      {report.isSuccess ? (
        <span role="status" className="small">
          {report.data.message}
        </span>
      ) : (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => report.mutate(entry.id)}>
          Report this message
        </button>
      )}
    </li>
  );
}

/** The guestbook's own fields, checked with the contract's schema (the photo travels beside them). */
const signSchema = guestbookBody.omit({ photo: true });
const SIGN_FIELDS = ['name', 'message', 'photo'] as const;

function SignForm({ slug }: { slug: string }) {
  const sign = useSignGuestbook(slug);
  const [photo, setPhoto] = useState<File | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const { field, errorOf, handleSubmit, reset, summary } = useBodyForm<{ name: string; message: string }>({
    schema: signSchema,
    defaultValues: { name: '', message: '' },
    failure: sign.isError ? sign.error : null,
    fields: SIGN_FIELDS,
  });
  // A double click leaves one message: the second click's check ends before the first call is drawn.
  const sending = useRef(false);
  const submit = handleSubmit((values) => {
    if (sending.current) return;
    sending.current = true;
    sign.mutate(
      { ...values, photo },
      {
        onSuccess: () => {
          reset({ name: '', message: '' });
          setPhoto(null);
          if (photoInput.current) photoInput.current.value = '';
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  });
  const photoError = errorOf('photo');
  return (
    <form
      className="card p-3 p-sm-4 mt-3"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="sign-heading"
    >
      <h3 id="sign-heading" className="h5">
        Leave a message
      </h3>
      {sign.isSuccess && (
        <div className="alert alert-success" role="status">
          {sign.data.message}
        </div>
      )}
      <FormError message={summary} />
      <TextField id="guestbook-name" label="Your name" maxLength={100} {...field('name')} />
      <TextAreaField
        id="guestbook-message"
        label="Your message"
        rows={4}
        maxLength={GUESTBOOK_MESSAGE_MAX}
        {...field('message')}
      />
      <div className="mb-3">
        <label className="form-label" htmlFor="guestbook-photo">
          A photo (optional)
        </label>
        <input
          id="guestbook-photo"
          ref={photoInput}
          type="file"
          accept="image/*"
          className={`form-control${photoError ? ' is-invalid' : ''}`}
          aria-invalid={photoError ? true : undefined}
          aria-describedby={photoError ? 'guestbook-photo-error' : undefined}
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
        {photoError && (
          <div id="guestbook-photo-error" className="invalid-feedback">
            {photoError}
          </div>
        )}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={sign.isPending}>
          Share your message
        </button>
      </div>
    </form>
  );
}
