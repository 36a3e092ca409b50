import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '@/lib/api';
import { splitErrors } from './form-errors';

export interface BodyFormOptions<V extends FieldValues> {
  /**
   * The call's body schema from the contracts, or a form schema derived from it (decision 0315). The
   * values are checked with it but sent as typed: the server parses them again. Without one the form
   * makes no check of its own (sign-up: the server alone judges).
   */
  schema?: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** The last failed call's error (the mutation's), whose field errors land on the form's fields. */
  failure?: unknown;
  /**
   * The fields the form shows, for forms whose errors show once: the server's errors of
   * other keys, or the whole failure when it has none at a field, become `summary`. Without it
   * `summary` is the server's one-line message.
   */
  fields?: readonly string[];
  /** Focus the first field the schema refuses (on by default, as react-hook-form does). */
  focusFirstError?: boolean;
  /** When a refused field is checked again: as it changes (the default), or only at the next send. */
  recheck?: 'onChange' | 'onSubmit';
}

/**
 * A form's values in react-hook-form, checked with the contract's schema before sending, and the
 * server's answer beside the client's: `errorOf(name)` is the client's message, else the server's, for
 * that field; `field(name)` is what a TextField/TextAreaField/PasswordField takes for it.
 */
export function useBodyForm<V extends FieldValues>({
  schema,
  defaultValues,
  failure,
  fields,
  focusFirstError = true,
  recheck = 'onChange',
}: BodyFormOptions<V>) {
  const form = useForm<V>({
    defaultValues,
    resolver: schema
      ? // One cast for every form: the resolver checks the input shape, which is the form's values.
        (zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<V>)
      : undefined,
    shouldFocusError: focusFirstError,
    reValidateMode: recheck,
  });
  const server = fields
    ? splitErrors(failure, fields)
    : { fields: fieldErrors(failure), summary: failure ? errorMessage(failure) : null };
  const errors = form.formState.errors as Record<string, { message?: unknown } | undefined>;
  // Any name: the server may also answer for keys the form sends but does not hold (a photo, a code).
  const errorOf = (name: Path<V> | (string & {})): string | undefined =>
    (errors[name]?.message as string | undefined) ?? server.fields[name];
  const field = (name: Path<V>, options?: RegisterOptions<V, Path<V>>) => ({
    error: errorOf(name),
    ...form.register(name, options),
  });
  // For forms with no error at their fields (the banner package choice): the one line under the form says
  // the first thing the schema refused, in the same words the server would answer, else the server's.
  const firstRefusal = Object.values(errors).find((error) => error?.message)?.message as string | undefined;
  return {
    ...form,
    errorOf,
    field,
    serverErrors: server.fields,
    summary: server.summary,
    message: firstRefusal ?? server.summary,
  };
}
