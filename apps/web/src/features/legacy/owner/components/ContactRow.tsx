import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { LegacySettings } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { TextField } from '@/components/form/TextField';
import { errorMessage } from '@/lib/api';
import { useResendContact } from '../api/resend-contact';
import type { SettingsFormValues } from './settings-form-values';
import { LEGACY_TEXTS } from './texts';

/**
 * One trusted contact: name and e-mail, Remove, and — once saved under that e-mail — whether they
 * confirmed their role, with 'Send again' (a new role e-mail; the old link stops).
 */
export function ContactRow({
  index,
  typedEmail,
  saved,
  errors,
  register,
  onRemove,
}: {
  index: number;
  /** The e-mail as the row holds it now: the saved contact it names, if any, gives the status. */
  typedEmail: string;
  saved: LegacySettings['contacts'];
  errors?: FieldErrors<SettingsFormValues['contacts'][number]>;
  register: UseFormRegister<SettingsFormValues>;
  onRemove: () => void;
}) {
  const resend = useResendContact();
  const contact = saved.find((c) => c.email === typedEmail.trim().toLowerCase());
  const id = `legacy-contact-${index}`;
  const number = index + 1;

  return (
    <fieldset className="border rounded p-3 mb-3" data-testid="legacy-contact">
      <legend className="visually-hidden">{LEGACY_TEXTS.contactLegend(number)}</legend>
      <div className="row g-2">
        <TextField
          id={`${id}-name`}
          label={LEGACY_TEXTS.name}
          markRequired
          maxLength={100}
          autoComplete="off"
          className="col-sm-6"
          error={errors?.name?.message}
          {...register(`contacts.${index}.name`)}
        />
        <TextField
          id={`${id}-email`}
          label={LEGACY_TEXTS.email}
          markRequired
          type="email"
          maxLength={254}
          autoComplete="off"
          className="col-sm-6"
          error={errors?.email?.message}
          {...register(`contacts.${index}.email`)}
        />
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        {contact ? (
          <span className={`badge ${contact.confirmed_at ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {contact.confirmed_at ? LEGACY_TEXTS.confirmed : LEGACY_TEXTS.unconfirmed}
          </span>
        ) : (
          <span className="small text-body-secondary">{LEGACY_TEXTS.notSavedYet}</span>
        )}
        <span className="ms-auto d-flex flex-wrap gap-2">
          {contact && (
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              disabled={resend.isPending}
              aria-label={`${LEGACY_TEXTS.sendAgain} to ${contact.email}`}
              onClick={() => resend.mutate(contact.id)}
            >
              {LEGACY_TEXTS.sendAgain}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={`${LEGACY_TEXTS.remove} ${LEGACY_TEXTS.contactLegend(number).toLowerCase()}`}
            onClick={onRemove}
          >
            {LEGACY_TEXTS.remove}
          </button>
        </span>
      </div>
      <p role="status" className="small text-success mb-0 mt-1">
        {resend.isSuccess ? resend.data.message : ''}
      </p>
      <FormError message={resend.isError ? errorMessage(resend.error) : null} className="mt-1" />
    </fieldset>
  );
}
