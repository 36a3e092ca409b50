import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  checkInMonths,
  legacySettingsBody,
  MAX_TRUSTED_CONTACTS,
  SETTINGS_SAVED_MESSAGE,
  WAITING_PERIOD_DAYS,
  type LegacySettings,
} from '@pw/contracts';
import { FieldError } from '@/components/form/FieldError';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { ApiError, errorMessage, fieldErrors } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useSaveLegacySettings, type LegacySettingsInput } from '../api/save-settings';
import { ContactRow } from './ContactRow';
import { formValuesOf, type SettingsFormValues } from './settings-form-values';
import { LEGACY_TEXTS } from './texts';

const FIELDS = new Set(['contacts', 'waiting_period_days', 'check_in_months', 'available_at_once']);

/**
 * The owner's release settings, saved whole (POST /web/user/legacy): checked first with the contract's
 * body schema; the server's 422 answers land on their fields (`contacts.1.email` too).
 */
export function SettingsForm({ settings }: { settings: LegacySettings }) {
  const save = useSaveLegacySettings();
  const [saved, setSaved] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SettingsFormValues, unknown, LegacySettingsInput>({
    defaultValues: formValuesOf(settings),
    resolver: zodResolver(legacySettingsBody) as unknown as Resolver<
      SettingsFormValues,
      unknown,
      LegacySettingsInput
    >,
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts' });
  const rows = useWatch({ control, name: 'contacts' });
  const checkIns = useWatch({ control, name: 'check_in_months' });
  const full = fields.length >= MAX_TRUSTED_CONTACTS;

  const submit = handleSubmit(async (body) => {
    setSaved(false);
    setFormError(null);
    try {
      const response = await save.mutateAsync(body);
      reset(formValuesOf(response.data));
      setSaved(true);
    } catch (error) {
      const byField = fieldErrors(error);
      const known = Object.entries(byField).filter(([field]) => FIELDS.has(field.split('.')[0]!));
      for (const [field, message] of known)
        setError(field as Path<SettingsFormValues>, { type: 'server', message });
      if (!(error instanceof ApiError && error.status === 422 && known.length > 0))
        setFormError(errorMessage(error));
    }
  });

  const contactsError = errors.contacts?.root?.message ?? errors.contacts?.message;
  const waitingError = errors.waiting_period_days?.message;
  const checkInError = errors.check_in_months?.message;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} onChange={() => setSaved(false)}>
      <fieldset className="mb-4" aria-describedby="legacy-contacts-intro">
        <legend className="h6">{LEGACY_TEXTS.contactsLegend}</legend>
        <p id="legacy-contacts-intro" className="text-body-secondary small">
          {LEGACY_TEXTS.contactsIntro}
        </p>
        {fields.length === 0 && <p className="mb-3">{LEGACY_TEXTS.noContacts}</p>}
        {fields.map((field, index) => (
          <ContactRow
            key={field.id}
            index={index}
            typedEmail={rows[index]?.email ?? ''}
            saved={settings.contacts}
            errors={errors.contacts?.[index]}
            register={register}
            onRemove={() => remove(index)}
          />
        ))}
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={full}
          aria-describedby={full ? 'legacy-contacts-full' : undefined}
          onClick={() => append({ name: '', email: '' })}
        >
          {LEGACY_TEXTS.add}
        </button>
        {full && (
          <p id="legacy-contacts-full" className="form-text mb-0">
            {LEGACY_TEXTS.limitReached}
          </p>
        )}
        <FieldError id="legacy-contacts-error" message={contactsError} />
      </fieldset>

      <TextField
        id="legacy-waiting-period"
        label={LEGACY_TEXTS.waitingPeriod}
        type="number"
        inputMode="numeric"
        min={WAITING_PERIOD_DAYS.min}
        max={WAITING_PERIOD_DAYS.max}
        step={1}
        className="mb-4"
        style={{ maxWidth: '10rem' }}
        hint={LEGACY_TEXTS.waitingPeriodHint}
        error={waitingError}
        {...register('waiting_period_days')}
      />

      <fieldset className="mb-4" aria-describedby="legacy-check-ins-hint">
        <legend className="h6">{LEGACY_TEXTS.checkInsLegend}</legend>
        <div className="d-flex flex-wrap column-gap-4">
          {checkInMonths.map((months) => (
            <div className="form-check" key={months}>
              <input
                id={`legacy-check-in-${months}`}
                type="radio"
                className={`form-check-input${checkInError ? ' is-invalid' : ''}`}
                value={String(months)}
                {...register('check_in_months')}
              />
              <label className="form-check-label" htmlFor={`legacy-check-in-${months}`}>
                {LEGACY_TEXTS.checkInOptions[months]}
              </label>
            </div>
          ))}
        </div>
        <p id="legacy-check-ins-hint" className="form-text mb-0">
          {LEGACY_TEXTS.checkInsHint}
        </p>
        {settings.check_in_months > 0 && settings.next_check_in_at && checkIns !== '0' && (
          <p className="mb-0 mt-1">
            {LEGACY_TEXTS.nextCheckIn} <strong>{formatWhen(settings.next_check_in_at)}</strong>
          </p>
        )}
        <FieldError id="legacy-check-ins-error" message={checkInError} />
      </fieldset>

      <div className="form-check form-switch mb-4">
        <input
          id="legacy-at-once"
          type="checkbox"
          role="switch"
          className="form-check-input"
          aria-describedby="legacy-at-once-hint"
          {...register('available_at_once')}
        />
        <label className="form-check-label fw-semibold" htmlFor="legacy-at-once">
          {LEGACY_TEXTS.atOnce}
        </label>
        <p id="legacy-at-once-hint" className="form-text mb-0">
          {LEGACY_TEXTS.atOnceHint}
        </p>
      </div>

      <div className="d-flex flex-wrap align-items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? LEGACY_TEXTS.saving : LEGACY_TEXTS.save}
        </button>
        <span role="status" className="text-success fw-semibold">
          {saved ? SETTINGS_SAVED_MESSAGE : ''}
        </span>
      </div>
      <FormError message={formError} />
    </form>
  );
}
