import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { GuestbookEntry, PublicMemorial } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { CaptionTracks } from '@/components/video/CaptionTracks';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError, errorMessage, fieldErrors } from '@/lib/api';
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

function SignForm({ slug }: { slug: string }) {
  const sign = useSignGuestbook(slug);
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const errors = sign.isError ? fieldErrors(sign.error) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sign.mutate({ name, message, photo }, { onSuccess: () => (setName(''), setMessage(''), setPhoto(null)) });
  };
  return (
    <form className="card p-3 p-sm-4 mt-3" onSubmit={submit} noValidate aria-labelledby="sign-heading">
      <h3 id="sign-heading" className="h5">
        Leave a message
      </h3>
      {sign.isSuccess && (
        <div className="alert alert-success" role="status">
          {sign.data.message}
        </div>
      )}
      {sign.isError && Object.keys(errors).length === 0 && <FormError message={errorMessage(sign.error)} />}
      <div className="mb-3">
        <label className="form-label" htmlFor="guestbook-name">
          Your name
        </label>
        <input
          id="guestbook-name"
          className={`form-control${errors.name ? ' is-invalid' : ''}`}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name && <div className="invalid-feedback">{errors.name}</div>}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="guestbook-message">
          Your message
        </label>
        <textarea
          id="guestbook-message"
          className={`form-control${errors.message ? ' is-invalid' : ''}`}
          rows={4}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        {errors.message && <div className="invalid-feedback">{errors.message}</div>}
      </div>
      <div className="mb-3">
        <label className="form-label" htmlFor="guestbook-photo">
          A photo (optional)
        </label>
        <input
          id="guestbook-photo"
          type="file"
          accept="image/*"
          className={`form-control${errors.photo ? ' is-invalid' : ''}`}
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
        {errors.photo && <div className="invalid-feedback">{errors.photo}</div>}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={sign.isPending}>
          Share your message
        </button>
      </div>
    </form>
  );
}
