/** A field's error text under the input; `id` is referenced by the input's aria-describedby. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {message}
    </div>
  );
}

/**
 * A dialog field's error in a small red line that is announced as it appears (the library's dialogs);
 * `id` is referenced by the control's aria-describedby.
 */
export function AlertFieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-danger small mt-2 mb-0" role="alert">
      {message}
    </p>
  );
}
