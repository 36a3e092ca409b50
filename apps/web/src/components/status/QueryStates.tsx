import type { ReactNode } from 'react';

/** A centred spinner with a text for screen readers. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** Spec §8: lists that cannot load say 'Unable to fetch data'. */
export function ErrorState({
  message = 'Unable to fetch data',
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="text-center py-5" role="alert">
      <p className="text-danger mb-2">{message}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function EmptyState({
  icon = 'bi-camera-video',
  title,
  children,
}: {
  icon?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="text-center py-5 px-3">
      <i className={`bi ${icon} fs-1 text-body-secondary`} aria-hidden="true" />
      <p className="h5 mt-2">{title}</p>
      {children && <div className="text-body-secondary">{children}</div>}
    </div>
  );
}
