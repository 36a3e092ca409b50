import { REPORT_CANCELLED_MESSAGE, type LegacyReport } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { focusAfterDialog } from '@/components/dialog/focus-after-dialog';
import { Icon } from '@/components/Icon';
import { errorMessage } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useCancelLegacyReport } from '../api/cancel-report';
import { LEGACY_TEXTS } from './texts';
import exclamationIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';

/** Who reported and when, in a sentence; unanswered check-ins are not a person. */
export function reportSentence(report: LegacyReport) {
  const when = formatWhen(report.reported_at);
  if (report.reporter_kind === 'check-in')
    return `You did not answer your check-ins, so the release of your final message started on ${when}.`;
  return `${report.reporter_name} (${report.relation}) reported your passing on ${when}.`;
}

/**
 * The open report (docs/product.md §6): who reported it, when, when the message will be released, and the owner's
 * "I'm alive — cancel this", asked once more before it acts. Shown at the top of every page of the user
 * area and in the profile's release card; `id` keeps the two apart on the one page that has both.
 */
export function ReportNotice({
  report,
  id,
  level: Heading = 'h2',
  className = 'mb-0',
}: {
  report: LegacyReport;
  id: string;
  level?: 'h2' | 'h3';
  className?: string;
}) {
  const dialog = useDialog();
  const cancel = useCancelLegacyReport();

  const confirmAndCancel = async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: LEGACY_TEXTS.confirmTitle,
      text: LEGACY_TEXTS.confirmText,
      confirmText: LEGACY_TEXTS.confirmYes,
      cancelText: LEGACY_TEXTS.confirmNo,
    });
    if (!confirmed) return;
    try {
      const response = await cancel.mutateAsync();
      // The notice leaves with the report: focus goes to the page, not to a vanished button.
      void dialog({ variant: 'success', title: response.message ?? REPORT_CANCELLED_MESSAGE }).then(() =>
        focusAfterDialog('main'),
      );
    } catch (error) {
      await dialog({
        variant: 'unsuccessful',
        title: 'Unsuccessful',
        text: errorMessage(error, LEGACY_TEXTS.cancelFailed),
      });
    }
  };

  return (
    <section className={`alert alert-danger ${className}`} aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className="h6 d-flex align-items-center gap-2">
        <Icon svg={exclamationIcon} />
        {LEGACY_TEXTS.reportHeading}
      </Heading>
      <p className="mb-2 text-break">
        {reportSentence(report)} Unless you cancel it, your final message will be released on{' '}
        <strong>{formatWhen(report.release_at)}</strong>.
      </p>
      {report.note && <p className="mb-2 text-break">Their note: {report.note}</p>}
      <p className="small mb-2">{LEGACY_TEXTS.signInCancelsNothing}</p>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => void confirmAndCancel()}
        disabled={cancel.isPending}
      >
        {LEGACY_TEXTS.cancel}
      </button>
    </section>
  );
}
