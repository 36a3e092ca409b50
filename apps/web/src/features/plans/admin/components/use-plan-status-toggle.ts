import { useCallback } from 'react';
import type { AdminPlan, PlanKind } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { useSetAdminPlanStatus } from '../api/set-plan-status';

/**
 * docs/product.md §13.5: a confirmation, then a success dialog; the list refreshes. A failed toggle is only logged
 * (the contract shows no message) and the dialog closes. The question names the plan and ends with '?'
 * (docs/product.md §13.8).
 */
export const STATUS_TEXTS = {
  activate: {
    title: 'Activate Subscription Plan',
    question: (title: string) => `Are you sure you want to activate this subscription plan, “${title}”?`,
    doneTitle: 'Subscription Plan Activated',
    doneText: 'Subscription Plan has been Activated Successfully',
  },
  deactivate: {
    title: 'Deactivate Subscription Plan',
    question: (title: string) => `Are you sure you want to deactivate this subscription plan, “${title}”?`,
    doneTitle: 'Subscription Plan Deactivated',
    // docs/product.md §13.5 writes 'Activated/Deactivate': read as 'Deactivated', as the server says it
    // (docs/product.md §13.8).
    doneText: 'Subscription Plan has been Deactivated Successfully',
  },
} as const;

export function usePlanStatusToggle(kind: PlanKind) {
  const dialog = useDialog();
  const { mutateAsync } = useSetAdminPlanStatus(kind);
  return useCallback(
    async (plan: Pick<AdminPlan, 'id' | 'status' | 'title'>) => {
      const texts = plan.status === 1 ? STATUS_TEXTS.deactivate : STATUS_TEXTS.activate;
      const answer = await dialog({
        variant: 'question',
        title: texts.title,
        text: texts.question(plan.title),
      });
      if (!answer.confirmed) return;
      try {
        await mutateAsync({ id: plan.id, status: plan.status === 1 ? 0 : 1 });
      } catch (error) {
        console.error('The plan status could not be changed', error);
        return;
      }
      await dialog({ variant: 'success', title: texts.doneTitle, text: texts.doneText });
    },
    [dialog, mutateAsync],
  );
}
