/** A quiet loading indicator that screen readers announce once. */
export function LoadingSpinner({ label = 'Loading…', small = false }: { label?: string; small?: boolean }) {
  return (
    <div className="d-flex justify-content-center py-3" role="status">
      <span
        className={`spinner-border text-primary${small ? ' spinner-border-sm' : ''}`}
        aria-hidden="true"
      />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
