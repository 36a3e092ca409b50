import { useEffect, useId, useRef } from 'react';
import { z } from 'zod';
import { reportPassingBody, requiredMessage } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';

/** What a report carries (contracts `reportPassingBody`), and the access code where the form asks for it. */
export interface ReportFields {
  relation: string;
  note: string;
}

export const RELATION_MAX = 100;

/** Who the report is about when the page does not know their name (a code before its release). */
export const UNNAMED_PERSON = 'the person who left the message';

/** The relation field's label: it names the person the report is about, as the page knows them. */
export const relationLabel = (person: string | undefined) => `Your relation to ${person || UNNAMED_PERSON}`;
export const NOTE_MAX = 2000;
const CODE_REQUIRED = requiredMessage('access code');

/** The report's body, and first the access code where the form asks for it (a path parameter). */
const withCode = z.object({ code: z.string().trim().min(1, CODE_REQUIRED) }).extend(reportPassingBody.shape);

interface ReportPassingFormProps {
  /** Whose passing is reported, when the page knows (a trusted contact's page: the owner's name). */
  person?: string;
  /** Ask for the access code in the form too (a funeral home's page); `code` then holds what was typed. */
  askCode?: boolean;
  /** The relation filled in at first (a funeral home: 'Funeral home'). */
  defaultRelation?: string;
  pending: boolean;
  /** The failed call, if any: its field errors go under the fields, its message under the form. */
  error: unknown;
  onSubmit: (fields: ReportFields & { code: string }) => void;
  /** Focus the first field when the form appears (a second report on the funeral home's page). */
  autoFocus?: boolean;
}

/**
 * The 'Report a passing' form (docs/product.md §6), shared by the access-code page, a funeral home's page and a
 * trusted contact's page: the reporter's relation to the person (required) and an optional note or
 * obituary link. Nothing is sent while a required field is empty; the server's errors show in place.
 */
export function ReportPassingForm({
  person,
  askCode,
  defaultRelation = '',
  pending,
  error,
  onSubmit,
  autoFocus,
}: ReportPassingFormProps) {
  const id = useId();
  useEffect(() => {
    if (autoFocus) document.getElementById(`${id}-${askCode ? 'code' : 'relation'}`)?.focus();
  }, [autoFocus, askCode, id]);
  // Nothing is sent while a required field is empty: focus goes to the first, as the server would say it.
  const { field, serverErrors, handleSubmit, summary } = useBodyForm<ReportFields & { code: string }>({
    schema: askCode ? withCode : reportPassingBody,
    defaultValues: { code: '', relation: defaultRelation, note: '' },
    failure: error,
    recheck: 'onSubmit',
  });

  const submit = handleSubmit((values) => {
    if (pending) return;
    onSubmit({ code: values.code.trim(), relation: values.relation.trim(), note: values.note.trim() });
  });

  // The message under the form unless the answer's field errors already show beside their fields.
  const shown = askCode ? ['code', 'relation', 'note'] : ['relation', 'note'];
  const hasFieldErrors = shown.some((name) => serverErrors[name]);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Report a passing">
      {askCode && (
        <TextField
          id={`${id}-code`}
          label="Access code"
          hint="The access code of the final message, as the person who left it handed it out."
          required
          autoComplete="off"
          spellCheck={false}
          {...field('code')}
        />
      )}
      <TextField
        id={`${id}-relation`}
        label={relationLabel(person)}
        hint="For example: daughter, friend, neighbour, funeral home."
        required
        maxLength={RELATION_MAX}
        {...field('relation')}
      />
      <TextAreaField
        id={`${id}-note`}
        label="Note or obituary link (optional)"
        hint={`Anything that helps confirm the passing, up to ${NOTE_MAX} characters.`}
        rows={4}
        maxLength={NOTE_MAX}
        {...field('note')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Sending…' : 'Send the report'}
        </button>
      </div>
      <FormError message={hasFieldErrors ? null : summary} />
    </form>
  );
}

/** The server's answer to a report, announced in place of the form. */
export function ReportSent({ message }: { message: string }) {
  // The form (and the focus in it) is gone: the answer takes the focus, so it is read out and Tab goes on.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="alert alert-success mb-0" role="status">
      {message}
    </div>
  );
}
