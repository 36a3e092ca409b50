import { useMutation } from '@tanstack/react-query';
import { legacyRoutes, type RouteResponse } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import type { ReportFields } from '../ReportPassingForm';

export type ReportResult = RouteResponse<typeof legacyRoutes.reportByCode>;

/**
 * POST /web/user/video/{code}/report-passing: a code holder or a listed funeral home reports the passing
 * of the code's author (docs/product.md §6). The answer's message is what the reporter reads next.
 */
export function reportByCode({ code, relation, note }: ReportFields & { code: string }) {
  return callRoute(legacyRoutes.reportByCode, {
    params: { code },
    body: { relation, note: note || undefined },
  });
}

export const useReportByCode = () => useMutation({ mutationFn: reportByCode });

/** The same call for a code already entered (the access-code page's notice): the form sends the rest. */
export const useReportForCode = (code: string) =>
  useMutation({ mutationFn: (fields: ReportFields) => reportByCode({ ...fields, code }) });
