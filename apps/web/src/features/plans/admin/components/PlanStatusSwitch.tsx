import type { AdminPlan } from '@pw/contracts';

/**
 * The Status cell: a switch that shows the plan's state and asks before changing it (the parent's
 * `onToggle` opens the confirmation); it stays as it was until the server has answered.
 */
export function PlanStatusSwitch({
  plan,
  onToggle,
}: {
  plan: Pick<AdminPlan, 'id' | 'title' | 'status' | 'status_detail'>;
  onToggle: () => void;
}) {
  const id = `plan-status-${plan.id}`;
  return (
    <div className="form-check form-switch mb-0 text-nowrap">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={plan.status === 1}
        onChange={onToggle}
        aria-label={`${plan.title}: ${plan.status_detail}`}
      />
      <label className="form-check-label" htmlFor={id}>
        {plan.status_detail}
      </label>
    </div>
  );
}
