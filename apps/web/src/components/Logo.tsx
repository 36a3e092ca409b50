import { SITE } from '@/lib/site-config';

/** The product mark: a speech bubble holding a heart, with the name in the heading serif. */
export function Logo({ compact }: { compact?: boolean }) {
  return (
    <span className="logo d-inline-flex align-items-center gap-2">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path
          d="M6 4h20a4 4 0 0 1 4 4v12a4 4 0 0 1-4 4H14l-6 5v-5H6a4 4 0 0 1-4-4V8a4 4 0 0 1 4-4z"
          fill="currentColor"
        />
        <path
          d="M16 19.5s-5.5-3.2-5.5-6.7A2.8 2.8 0 0 1 16 11.5a2.8 2.8 0 0 1 5.5 1.3c0 3.5-5.5 6.7-5.5 6.7z"
          style={{ fill: 'var(--logo-heart, #f7f3ec)' }}
        />
      </svg>
      <span className={compact ? 'visually-hidden' : 'logo-text'}>{SITE.name}</span>
    </span>
  );
}
