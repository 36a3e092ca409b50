import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Logo } from '@/components/Logo';
import { ApiError } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { CaptionTracks } from '@/components/video/CaptionTracks';
import { useWatch } from '../api/get-watch';
import { ReadTheMessage } from './ReadTheMessage';
import './watch.scss';
import { DELIVERY_MESSAGES, RECEIPT_MESSAGES } from '@pw/contracts';

/**
 * What a link that no longer opens its message says, whoever reads it. It may be a message left by
 * someone who has died (a trusted contact's link, one a family member shared), so it never sends the
 * reader back to the sender: it names the people who hand such links on.
 */
export const LINK_GONE_TEXT =
  'This link was withdrawn or replaced by a newer one. If you were expecting this message, ask the person who shared it with you (a family member, a funeral home or a friend) whether there is a newer link.';

/**
 * /watch/:token — the page a scheduled delivery's e-mail links to. Public and account-free: the token in
 * the address is the permission. A calm, minimal frame (no sign-up prompts), the video with visible
 * controls, and a short word on what Parting Words is for someone who has never heard of it.
 */
export function WatchPage() {
  useTitle('A message for you');
  const { token = '' } = useParams();
  const watch = useWatch(token);
  const retriedVideo = useRef(false);

  // The link is personal: keep it out of search engines and out of Referer headers.
  useEffect(() => {
    const metas = [
      Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex, nofollow' }),
      Object.assign(document.createElement('meta'), { name: 'referrer', content: 'no-referrer' }),
    ];
    metas.forEach((meta) => document.head.appendChild(meta));
    return () => metas.forEach((meta) => meta.remove());
  }, []);

  let content;
  if (watch.isPending) {
    content = (
      <div className="text-center py-5" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <p className="mt-3 text-body-secondary">Opening your message…</p>
      </div>
    );
  } else if (watch.isError) {
    const gone =
      watch.error instanceof ApiError && (watch.error.status === 404 || watch.error.status === 410);
    content = gone ? (
      <div className="watch-notice">
        <h1 className="h3">{DELIVERY_MESSAGES.noLongerAvailable}</h1>
        <p className="text-body-secondary mb-0">{LINK_GONE_TEXT}</p>
      </div>
    ) : (
      <div className="watch-notice" role="alert">
        <h1 className="h3">We could not open this message just now.</h1>
        <p className="text-body-secondary">Please check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => void watch.refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    const message = watch.data;
    content = (
      <article className="watch-message">
        <p className="watch-message__from">A message from {message.sender_name}</p>
        <h1 className="watch-message__title">{message.title}</h1>
        {/* The sender's note, as text (React escapes it): never read as HTML. */}
        {message.note && (
          <blockquote className="watch-message__note" aria-label={`A note from ${message.sender_name}`}>
            {message.note}
          </blockquote>
        )}
        {message.video_link ? (
          <div className="watch-message__player">
            <video
              controls
              playsInline
              preload="metadata"
              poster={message.video_thumbnail ?? undefined}
              src={message.video_link}
              aria-label={`Video: ${message.title}`}
              onError={() => {
                // Media links are signed and expire; a page left open long enough gets a fresh one once.
                if (retriedVideo.current) return;
                retriedVideo.current = true;
                void watch.refetch();
              }}
            >
              <CaptionTracks captions={message.captions} />
              Your browser cannot play this video. <a href={message.video_link}>Open the video file</a>.
            </video>
          </div>
        ) : (
          <p className="watch-notice mb-0">
            The video is still being prepared. Please come back to this link in a little while.
          </p>
        )}
        {message.video_link && message.captions?.length ? (
          <ReadTheMessage captions={message.captions} onStale={() => void watch.refetch()} />
        ) : null}
        {message.description && <p className="watch-message__description">{message.description}</p>}
        {/* Only while the sender asked to be told (docs/product.md §5.8). */}
        {message.receipt && (
          <p className="watch-message__receipt small text-body-secondary">{RECEIPT_MESSAGES.watchLine}</p>
        )}
      </article>
    );
  }

  return (
    <div className="watch-page">
      <header className="watch-page__header">
        <Link to="/home" className="watch-page__brand" aria-label="Parting Words home">
          <Logo />
        </Link>
      </header>
      <main className="watch-page__main">
        {content}
        <aside className="watch-about" aria-labelledby="watch-about-heading">
          <h2 id="watch-about-heading" className="h6">
            About Parting Words
          </h2>
          <p className="mb-0">
            Parting Words lets people record video messages for those they love, to be delivered at a moment
            they choose. This link was sent to you personally and needs no account. Take all the time you
            need. <Link to="/about">Learn more</Link>
          </p>
        </aside>
      </main>
    </div>
  );
}
