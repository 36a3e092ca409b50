import type { ChangeEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { DELIVERY_MESSAGES, NOTE_MAX, NOTE_MESSAGES, RECEIPT_MESSAGES } from '@pw/contracts';
import { localDateIso } from '@/lib/dates';
import type { ScheduleErrors, ScheduleInput } from '@/lib/schedule-form';
import { FieldFrame, fieldControlProps } from './FieldFrame';
import { TextField } from './TextField';

interface ScheduleOptionFieldsProps {
  /** Each field's id is `${idPrefix}-${field}` (a caller focuses the first field in error by it). */
  idPrefix: string;
  value: ScheduleInput;
  errors: ScheduleErrors;
  onChange: (field: keyof ScheduleInput, value: string | boolean) => void;
}

/**
 * A schedule's optional parts, below its e-mail, date and time (useScheduleForm holds them): the second
 * address (docs/product.md §5.1, §5.2), the yearly repeat with its last year (§5.7) and whether
 * the owner is told of the first open (§5.8), and the sender's note for the recipient. The same
 * fields in the library's schedule dialog and the upload's Scheduled step.
 */
export function ScheduleOptionFields({ idPrefix, value, errors, onChange }: ScheduleOptionFieldsProps) {
  const id = (field: keyof ScheduleInput) => `${idPrefix}-${field}`;
  const edit =
    (field: keyof ScheduleInput) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange(field, event.target.value);
  const repeatFrame = { id: id('repeat'), label: 'Repeat', error: errors.repeat };
  return (
    <>
      <TextField
        id={id('fallback_email')}
        label={DELIVERY_MESSAGES.fallbackLabel}
        type="email"
        autoComplete="off"
        value={value.fallback_email ?? ''}
        onChange={edit('fallback_email')}
        error={errors.fallback_email}
        hint={DELIVERY_MESSAGES.fallbackHint}
        className="mt-3"
      />
      <div className="row g-3">
        <FieldFrame {...repeatFrame} className="col-sm-6 mb-3">
          <select
            {...fieldControlProps(repeatFrame)}
            className={`form-select${errors.repeat ? ' is-invalid' : ''}`}
            value={value.repeat ?? 'none'}
            onChange={edit('repeat')}
          >
            <option value="none">Once</option>
            <option value="yearly">Every year</option>
          </select>
        </FieldFrame>
        {value.repeat === 'yearly' && (
          <TextField
            id={id('repeat_until')}
            label="Until (year, optional)"
            type="number"
            inputMode="numeric"
            min={(value.share_at_date || localDateIso()).slice(0, 4)}
            value={value.repeat_until ?? ''}
            onChange={edit('repeat_until')}
            error={errors.repeat_until}
            className="col-sm-6"
          />
        )}
      </div>
      <Form.Group controlId={id('note')} className="mb-3">
        <Form.Label>{NOTE_MESSAGES.label}</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          maxLength={NOTE_MAX}
          value={value.note ?? ''}
          onChange={edit('note')}
          isInvalid={Boolean(errors.note)}
          aria-describedby={`${id('note')}-hint`}
        />
        <Form.Text id={`${id('note')}-hint`}>{NOTE_MESSAGES.hint}</Form.Text>
        <Form.Control.Feedback type="invalid">{errors.note}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId={id('receipts')}>
        <Form.Check
          type="checkbox"
          label={RECEIPT_MESSAGES.checkboxLabel}
          checked={value.receipts ?? true}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange('receipts', event.target.checked)}
          isInvalid={Boolean(errors.receipts)}
          feedback={errors.receipts}
          feedbackType="invalid"
        />
      </Form.Group>
    </>
  );
}
