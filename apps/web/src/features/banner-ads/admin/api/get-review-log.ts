import { bannerAdRoutes } from '@pw/contracts';
import { useZonedListPage, type ListParams } from '@/lib/list-query';
import { adminBannerAdKeys } from '@/lib/query-keys';
import type { ReviewTab } from '../model/review';

const LOGS = { approved: bannerAdRoutes.approvedLogs, pending: bannerAdRoutes.pendingLogs } as const;

/** GET /admin/banner-ads/approved/logs or /panding/logs: search, Date From/To, paging. */
export const useReviewLog = (tab: ReviewTab, params: ListParams, enabled = true) =>
  useZonedListPage(adminBannerAdKeys.log(tab, params), LOGS[tab], params, { enabled });
