/** A spinner with a text for screen readers. */
export function Loading({ label = 'Loading…', className = 'py-5' }: { label?: string; className?: string }) {
  return (
    <div className={`d-flex justify-content-center ${className}`} role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
