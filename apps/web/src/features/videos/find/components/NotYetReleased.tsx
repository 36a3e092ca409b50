import hourglassIcon from 'bootstrap-icons/icons/hourglass-split.svg?raw';
import { Icon } from '@/components/Icon';
import { ReportPassingInPlace } from '@/components/legacy/ReportPassingInPlace';
import { useReportForCode } from '@/components/legacy/api/report-by-code';
import type { NotReleased } from '@/components/legacy/not-released';

export const REPORT_WAITING_TEXT =
  'A passing has already been reported for this message and is waiting to be confirmed. A new report joins it.';

/**
 * What an access code shows before its message is released (docs/product.md §6): the server's notice, that a
 * report already waits if one does, and 'Report a passing' with the code that was entered.
 */
export function NotYetReleased({ code, notice }: { code: string; notice: NotReleased }) {
  const report = useReportForCode(code);
  return (
    <section className="card p-3 p-sm-4 mt-3" aria-labelledby="not-yet-released">
      <h2 id="not-yet-released" className="h5 d-flex align-items-center gap-2">
        <Icon svg={hourglassIcon} className="text-primary" />
        Not yet available
      </h2>
      <p role="status">{notice.message}</p>
      {notice.data.state === 'waiting' && <p>{REPORT_WAITING_TEXT}</p>}
      <p className="text-body-secondary">
        If the person who left it has passed away, you can report it. They are told at once and can cancel the
        report; the message is released when their waiting period ends without a cancel.
      </p>
      <ReportPassingInPlace report={report} heading={<h3 className="h6">Report a passing</h3>} />
    </section>
  );
}
