import { useLegacySettings } from '../api/get-settings';
import { ReportNotice } from './ReportNotice';

/**
 * The open report at the top of every page of the user area (docs/product.md §6.4: signing in cancels
 * nothing, so the report is the first thing shown). Nothing at all while there is none, or while it is being read: a
 * failed read is the profile card's to show, not every page's.
 */
export default function ReportBanner() {
  const { data } = useLegacySettings();
  if (!data?.open_report) return null;
  return (
    <div className="container pt-3">
      <ReportNotice report={data.open_report} id="legacy-report-banner" />
    </div>
  );
}
