import { useEffect, useRef } from 'react';
import { errorMessage, fieldErrors } from '@/lib/api';

export interface SplitErrors {
  /** The first message of each field the form shows, by field name: shown at that field. */
  fields: Record<string, string>;
  /** What belongs to no field the form shows (or the whole failure when none does): shown once, above. */
  summary: string | null;
}

/**
 * Splits a failed call's errors between the form's own fields and a summary, so each message shows
 * once: a field's error at the field, only the rest at the top (the server's one-line `message` repeats
 * the first field error, so it is shown only when no field error is).
 */
export function splitErrors(error: unknown, formFields: readonly string[]): SplitErrors {
  if (!error) return { fields: {}, summary: null };
  const all = fieldErrors(error);
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [name, message] of Object.entries(all)) {
    if (formFields.includes(name)) fields[name] = message;
    else rest.push(message);
  }
  if (rest.length > 0) return { fields, summary: rest.join(' ') };
  return { fields, summary: Object.keys(fields).length > 0 ? null : errorMessage(error) };
}

/**
 * After each failure, moves focus to the first invalid field of the form (which also scrolls it into
 * view), or to the summary above the form when no field is invalid. `failure` is the failed call's
 * error: a new one each time, so a second failure moves focus again.
 */
export function useFocusOnFailure<F extends HTMLElement, S extends HTMLElement>(failure: unknown) {
  const form = useRef<F>(null);
  const summary = useRef<S>(null);
  useEffect(() => {
    if (!failure) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? summary.current)?.focus();
  }, [failure]);
  return { form, summary };
}
