import { useNavigate, useParams } from 'react-router';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { errorMessage, fieldErrors } from '@/lib/api';
import { priceLabel } from '@/lib/plan-labels';
import { useTitle } from '@/lib/use-title';
import { useCreateAdminPlan } from '../api/create-plan';
import { useAdminPlan } from '../api/get-plan';
import type { PlanFormValues } from '../api/plan-form-values';
import { useUpdateAdminPlan } from '../api/update-plan';
import { durationLabel, planListPath, type AfterSave, type PlanArea } from '../model/plan-areas';
import { useSavedDialog } from './use-saved-dialog';
import { EMPTY_PLAN, PlanForm, planFormValues } from './PlanForm';
import { PLAN_MESSAGES } from '@pw/contracts';

/**
 * Every kind of plan ends a save the same way, the way docs/product.md §9.3 gives for banner plans: the success
 * dialog, then where the contract sends it.
 */
function useAfterSave(area: PlanArea) {
  const navigate = useNavigate();
  const saved = useSavedDialog();
  return async (where: AfterSave, message: string, values: PlanFormValues) => {
    await saved(
      message,
      `“${values.title.trim()}” is saved: ${priceLabel(values.price)}, ${durationLabel(values.duration)}.`,
    );
    if (where === 'back') navigate(-1);
    else navigate(planListPath(area));
  };
}

/** {area}/plans/new: a new plan, monthly unless the admin picks another duration. */
export function NewPlanPage({ area }: { area: PlanArea }) {
  useTitle('New Plan');
  const navigate = useNavigate();
  const mutation = useCreateAdminPlan(area.kind);
  const afterSave = useAfterSave(area);
  const submit = (values: PlanFormValues) =>
    mutation.mutate(values, {
      onSuccess: (response) =>
        void afterSave(area.afterCreate, response.message || PLAN_MESSAGES.created, values),
    });
  return (
    <div className="page-narrow">
      <h1 className="h2 mb-4">New Plan</h1>
      <div className="card">
        <div className="card-body p-4">
          <PlanForm
            area={area}
            mode="create"
            initial={EMPTY_PLAN}
            submitting={mutation.isPending}
            serverError={mutation.isError ? errorMessage(mutation.error) : null}
            serverFieldErrors={fieldErrors(mutation.error)}
            onSubmit={submit}
            onCancel={() => navigate(planListPath(area))}
          />
        </div>
      </div>
    </div>
  );
}

/** {area}/plans/details/{id}/edit: the plan's four fields, as stored. */
export function EditPlanPage({ area }: { area: PlanArea }) {
  useTitle('Edit Plan');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const plan = useAdminPlan(area.kind, id);
  const mutation = useUpdateAdminPlan(area.kind, id);
  const afterSave = useAfterSave(area);
  const submit = (values: PlanFormValues) =>
    mutation.mutate(values, {
      onSuccess: (response) =>
        void afterSave(area.afterEdit, response.message || PLAN_MESSAGES.updated, values),
    });
  return (
    <div className="page-narrow">
      <h1 className="h2 mb-4">Edit Plan</h1>
      {plan.isPending ? (
        <Loading />
      ) : plan.isError ? (
        <ErrorState message={errorMessage(plan.error)} onRetry={() => void plan.refetch()} />
      ) : (
        <div className="card">
          <div className="card-body p-4">
            <PlanForm
              area={area}
              mode="edit"
              initial={planFormValues(plan.data)}
              submitting={mutation.isPending}
              serverError={mutation.isError ? errorMessage(mutation.error) : null}
              serverFieldErrors={fieldErrors(mutation.error)}
              onSubmit={submit}
              onCancel={() => navigate(-1)}
            />
          </div>
        </div>
      )}
    </div>
  );
}
