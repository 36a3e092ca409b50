import type { z } from 'zod';
import { validationFailed, type FieldErrors } from '../errors';

const label = (field: string) => field.replace(/\[\]$/, '').replace(/[._]/g, ' ');

/**
 * Turns zod issues into the contract's `errors: { field: [text] }` with sentences a person can act on
 * ("The email field is required.") rather than zod's technical wording.
 */
export function fieldErrorsFromIssues(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
    const missing =
      issue.code === 'invalid_type' &&
      (issue.input === undefined || issue.input === null || issue.input === '');
    const message = missing ? `The ${label(field)} field is required.` : issue.message;
    (errors[field] ??= []).push(message);
  }
  return errors;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(fieldErrorsFromIssues(result.error.issues));
  return result.data;
}
