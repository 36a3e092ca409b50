import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { requiredMessage } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { errorMessage, fieldErrors } from '@/lib/api';

/** What a report carries (contracts `reportPassingBody`), and the access code where the form asks for it. */
export interface ReportFields {
  relation: string;
  note: string;
}

export const RELATION_MAX = 100;
export const NOTE_MAX = 2000;
const CODE_REQUIRED = requiredMessage('access code');

interface ReportPassingFormProps {
  /** Ask for the access code in the form too (a funeral home's page); `code` then holds what was typed. */
  askCode?: boolean;
  /** The relation filled in at first (a funeral home: 'Funeral home'). */
  defaultRelation?: string;
  pending: boolean;
  /** The failed call, if any: its field errors go under the fields, its message under the form. */
  error: unknown;
  onSubmit: (fields: ReportFields & { code: string }) => void;
  /** A 'Cancel' button next to the submit (when the form was opened by a button). */
  onCancel?: () => void;
  /** Focus the first field when the form appears (opened by a button). */
  autoFocus?: boolean;
}

/**
 * The 'Report a passing' form (docs/product.md §6), shared by the access-code page, a funeral home's page and a
 * trusted contact's page: the reporter's relation to the author (required) and an optional note or
 * obituary link. Nothing is sent while a required field is empty; the server's errors show in place.
 */
export function ReportPassingForm({
  askCode,
  defaultRelation = '',
  pending,
  error,
  onSubmit,
  onCancel,
  autoFocus,
}: ReportPassingFormProps) {
  const id = useId();
  useEffect(() => {
    if (autoFocus) document.getElementById(`${id}-${askCode ? 'code' : 'relation'}`)?.focus();
  }, [autoFocus, askCode, id]);
  const [code, setCode] = useState('');
  const [relation, setRelation] = useState(defaultRelation);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<{ code?: string; relation?: string }>({});
  const server = fieldErrors(error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const fields = { code: code.trim(), relation: relation.trim(), note: note.trim() };
    const empty = {
      code: askCode && !fields.code ? CODE_REQUIRED : undefined,
      relation: fields.relation ? undefined : requiredMessage('relation'),
    };
    setMissing(empty);
    if (empty.code || empty.relation) {
      document.getElementById(`${id}-${empty.code ? 'code' : 'relation'}`)?.focus();
      return;
    }
    onSubmit(fields);
  };

  // The message under the form unless the answer's field errors already show beside their fields.
  const shown = askCode ? ['code', 'relation', 'note'] : ['relation', 'note'];
  const hasFieldErrors = shown.some((field) => server[field]);
  return (
    <form onSubmit={submit} noValidate aria-label="Report a passing">
      {askCode && (
        <TextField
          id={`${id}-code`}
          label="Access code"
          hint="The access code of the final message, as its author handed it out."
          required
          autoComplete="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={missing.code ?? server.code}
        />
      )}
      <TextField
        id={`${id}-relation`}
        label="Your relation to the author"
        hint="For example: daughter, friend, neighbour, funeral home."
        required
        maxLength={RELATION_MAX}
        value={relation}
        onChange={(event) => setRelation(event.target.value)}
        error={missing.relation ?? server.relation}
      />
      <TextAreaField
        id={`${id}-note`}
        label="Note or obituary link (optional)"
        hint={`Anything that helps confirm the passing, up to ${NOTE_MAX} characters.`}
        rows={4}
        maxLength={NOTE_MAX}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={server.note}
      />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Sending…' : 'Send the report'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <FormError message={error && !hasFieldErrors ? errorMessage(error) : null} />
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
