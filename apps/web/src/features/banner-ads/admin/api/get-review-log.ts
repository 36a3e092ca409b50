import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { bannerAdRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { browserTimeZone } from '@/lib/dates';
import { adminBannerAdKeys } from '@/lib/query-keys';
import type { ReviewTab } from '../model/review';

const LOGS = { approved: bannerAdRoutes.approvedLogs, pending: bannerAdRoutes.pendingLogs } as const;

/** GET /admin/banner-ads/approved/logs or /panding/logs: search, Date From/To, paging. */
export const getReviewLog = (tab: ReviewTab, params: Record<string, string | number>, signal?: AbortSignal) =>
  callRoute(LOGS[tab], { query: { ...params, tz: browserTimeZone() }, signal });

export function useReviewLog(tab: ReviewTab, params: Record<string, string | number>, enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminBannerAdKeys.log(tab, params),
    queryFn: ({ signal }) => getReviewLog(tab, params, signal),
    placeholderData: keepPreviousData,
  });
}
