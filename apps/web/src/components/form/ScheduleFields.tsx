import type { ChangeEvent, ReactNode, Ref } from 'react';
import { browserTimeZone } from '@/lib/dates';
import type { ScheduleErrors, ScheduleInput } from '@/lib/schedule-form';
import { ScheduleOptionFields } from './ScheduleOptionFields';
import { TextField } from './TextField';

/**
 * The words of the one scheduling form (docs/product.md §5.1): the library's dialog and the upload's
 * Scheduled step are headed and labelled alike, so scheduling reads the same wherever it starts.
 */
export const SCHEDULE_HEADING = 'Schedule delivery';
export const SCHEDULE_LABELS = {
  email: 'Recipient e-mail',
  share_at_date: 'Date',
  share_at_time: 'Time',
} as const;

/** What the form says first, unless a caller has its own sentence (sending a delivered video again). */
export const scheduleIntro = (timeZone = browserTimeZone()) =>
  `The video will be e-mailed to this address at the date and time you choose (your time zone, ${timeZone}), and stays in the Scheduled folder.`;

interface ScheduleFieldsProps {
  /** Each field's id is `${idPrefix}-${field}` (a caller focuses the first field in error by it). */
  idPrefix: string;
  value: ScheduleInput;
  errors: ScheduleErrors;
  onChange: (field: keyof ScheduleInput, value: string | boolean) => void;
  /** The earliest date offered (yyyy-mm-dd): today. */
  minDate: string;
  intro?: ReactNode;
  emailRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}

/** Recipient e-mail, date and time (all required), then the optional second address and repeat. */
export function ScheduleFields({
  idPrefix,
  value,
  errors,
  onChange,
  minDate,
  intro = scheduleIntro(),
  emailRef,
  autoFocus,
}: ScheduleFieldsProps) {
  const field = (name: keyof typeof SCHEDULE_LABELS) => ({
    id: `${idPrefix}-${name}`,
    label: SCHEDULE_LABELS[name],
    required: true,
    value: value[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  });
  return (
    <>
      <p className="text-body-secondary small">{intro}</p>
      <TextField
        {...field('email')}
        ref={emailRef}
        type="email"
        autoComplete="email"
        autoFocus={autoFocus}
        placeholder="name@example.com"
      />
      <div className="row g-3">
        <TextField {...field('share_at_date')} type="date" min={minDate} className="col-sm-6" />
        <TextField {...field('share_at_time')} type="time" className="col-sm-6" />
      </div>
      <ScheduleOptionFields idPrefix={idPrefix} value={value} errors={errors} onChange={onChange} />
    </>
  );
}
