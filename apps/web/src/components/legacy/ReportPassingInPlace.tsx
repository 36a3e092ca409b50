import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ReportPassingForm, ReportSent, type ReportFields } from './ReportPassingForm';

export type ReportMutation = UseMutationResult<{ message: string }, Error, ReportFields>;

/**
 * The report form in place, under the page's own question ("Has Olive passed away?"): its 'Send the
 * report' is the one confirmation a report asks for (docs/product.md §6.3), with no button to open it
 * first. Once sent, the server's answer replaces it.
 */
export function ReportPassingInPlace({
  report,
  person,
  heading,
}: {
  report: ReportMutation;
  /** Whose passing is reported, when the page knows their name. */
  person?: string;
  /** A heading above the form, where the page has not asked the question itself. */
  heading?: ReactNode;
}) {
  if (report.isSuccess) return <ReportSent message={report.data.message} />;
  return (
    <div className="border rounded-3 p-3 p-sm-4">
      {heading}
      <ReportPassingForm
        person={person}
        pending={report.isPending}
        error={report.error}
        onSubmit={(fields) => report.mutate(fields)}
      />
    </div>
  );
}
