import { FieldFrame, fieldControlProps } from '@/components/form/FieldFrame';
import { FormError } from '@/components/form/FormError';
import { TextAreaField } from '@/components/form/TextAreaField';
import { TextField } from '@/components/form/TextField';
import { useBodyForm } from '@/components/form/use-body-form';
import type { PlanFormValues } from '../api/plan-form-values';
import { planFormSchemas, type PlanArea } from '../model/plan-areas';

/** A stored plan's values as the form shows them (the banner's 'weekly' is its '1 week' option). */
export const planFormValues = (plan: PlanFormValues): PlanFormValues => ({
  title: plan.title,
  duration: plan.duration === 'weekly' ? '1 week' : plan.duration,
  price: plan.price,
  description: plan.description,
});

/** docs/product.md §13.6: a new plan starts on monthly. */
export const EMPTY_PLAN: PlanFormValues = { title: '', duration: 'monthly', price: '', description: '' };

/**
 * The plan form of every kind (docs/product.md §13.6): title, duration, price and description, all required,
 * checked with the contract's own body schema before sending; the server's message shows beneath.
 */
export function PlanForm({
  area,
  mode,
  initial,
  submitting,
  serverError,
  serverFieldErrors,
  onSubmit,
  onCancel,
}: {
  area: PlanArea;
  mode: 'create' | 'edit';
  initial: PlanFormValues;
  submitting: boolean;
  serverError: string | null;
  serverFieldErrors: Record<string, string>;
  onSubmit: (values: PlanFormValues) => void;
  onCancel: () => void;
}) {
  const schema = planFormSchemas(area.kind)[mode];
  // Checks with the contract's schema, but sends the values as typed: the server parses them again.
  const {
    register,
    handleSubmit,
    errorOf: clientError,
  } = useBodyForm<PlanFormValues>({
    schema,
    defaultValues: initial,
  });
  const errorOf = (field: keyof PlanFormValues) => clientError(field) ?? serverFieldErrors[field];

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values))}>
      <TextField
        id="plan-title"
        label="Title"
        markRequired
        maxLength={150}
        error={errorOf('title')}
        {...register('title')}
      />
      <FieldFrame id="plan-duration" label="Duration" markRequired error={errorOf('duration')}>
        <select
          {...fieldControlProps({
            id: 'plan-duration',
            label: 'Duration',
            error: errorOf('duration'),
            markRequired: true,
          })}
          className={`form-select${errorOf('duration') ? ' is-invalid' : ''}`}
          {...register('duration')}
        >
          {area.durations.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </FieldFrame>
      <TextField
        id="plan-price"
        label="Price"
        markRequired
        inputMode="decimal"
        hint="In dollars, e.g. 4.99"
        error={errorOf('price')}
        {...register('price')}
      />
      <TextAreaField
        id="plan-description"
        label="Description"
        markRequired
        rows={5}
        maxLength={2000}
        error={errorOf('description')}
        {...register('description')}
      />
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Saving…' : mode === 'create' ? 'Create' : 'Update'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <FormError message={serverError} />
    </form>
  );
}
