import { useEffect, useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ReportPassingForm, ReportSent, type ReportFields } from './ReportPassingForm';

export type ReportMutation = UseMutationResult<{ message: string }, Error, ReportFields>;

/**
 * A 'Report a passing' button that opens the report form in place (focus moves into it; Cancel returns
 * it to the button); once sent, the server's answer replaces both.
 */
export function ReportPassingDisclosure({ report, person }: { report: ReportMutation; person?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    button.current?.focus();
  }, [open]);
  if (report.isSuccess) return <ReportSent message={report.data.message} />;
  if (!open) {
    // In a div: a card's column would stretch the button across it.
    return (
      <div>
        <button
          ref={button}
          type="button"
          className="btn btn-primary"
          aria-expanded={false}
          onClick={() => setOpen(true)}
        >
          Report a passing
        </button>
      </div>
    );
  }
  return (
    <div className="border rounded-3 p-3 p-sm-4">
      <h3 className="h5">Report a passing</h3>
      <ReportPassingForm
        person={person}
        autoFocus
        pending={report.isPending}
        error={report.error}
        onSubmit={(fields) => report.mutate(fields)}
        onCancel={() => {
          report.reset();
          returnFocus.current = true;
          setOpen(false);
        }}
      />
    </div>
  );
}
