import { useState } from 'react';
import { ReportPassingForm, ReportSent } from '@/components/legacy/ReportPassingForm';
import { useReportByCode } from '@/components/legacy/api/report-by-code';
import { useSessionUser } from '@/lib/session';
import { useTitle } from '@/lib/use-title';

/**
 * /funeral/report-passing: a listed funeral home reports the passing of a final message's author with
 * its access code (docs/product.md §6.3: a listed funeral home may report, and says who it is). The report goes
 * out in the home's name; the server refuses a home that is not listed.
 */
export function FuneralReportPassingPage() {
  useTitle('Report a Passing');
  const user = useSessionUser();
  const report = useReportByCode();
  // A new form after each answer, so a second report starts empty.
  const [round, setRound] = useState(0);
  const homeName = user?.home_name || 'your funeral home';
  return (
    <div className="container py-4 page-narrow">
      <h1 className="h3 mb-3">Report a passing</h1>
      <p>
        When a family asks you to confirm the passing of someone who left a final message, enter the access
        code of that message. The report is sent in the name of <strong>{homeName}</strong>: the person who
        left the message, if alive, and their trusted contacts are told that a funeral home reported it.
      </p>
      <p className="text-body-secondary">
        The message is released when their waiting period ends without a cancel. Only listed funeral homes can
        report.
      </p>
      <div className="card p-3 p-sm-4">
        {report.isSuccess ? (
          <>
            <ReportSent message={report.data.message} />
            <div className="mt-3">
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => {
                  report.reset();
                  setRound((n) => n + 1);
                }}
              >
                Report another passing
              </button>
            </div>
          </>
        ) : (
          <ReportPassingForm
            key={round}
            askCode
            defaultRelation="Funeral home"
            autoFocus={round > 0}
            pending={report.isPending}
            error={report.error}
            onSubmit={(fields) => report.mutate(fields)}
          />
        )}
      </div>
    </div>
  );
}
