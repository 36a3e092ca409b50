export { legacyProfileSectionRoutes } from './routes';
/** The user area's alert for an open report; it loads the part that asks for it lazily. */
export { ReportSlot as LegacyReportSlot } from './components/ReportSlot';
