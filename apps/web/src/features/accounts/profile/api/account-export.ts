import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExport } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { accountExportKeys } from '@/lib/query-keys';
import { ACCOUNT_DATA_ROUTES, type LeavingRole } from '../model/role';

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 2000;

const isRunning = (data: AccountExport | null | undefined) =>
  data?.status === 'queued' || data?.status === 'running';

/** GET /web/{role}/account/export: the latest export, so a reloaded page finds a running or ready one. */
export const getLatestExport = async (role: LeavingRole) =>
  (await callRoute(ACCOUNT_DATA_ROUTES[role].latestExport)).data;

/** POST /web/{role}/account/export: starts one, or answers the one already running. */
export const startExport = async (role: LeavingRole) =>
  (await callRoute(ACCOUNT_DATA_ROUTES[role].startExport)).data;

/** The latest export, asked again every 2 seconds while it is being built. */
export const useLatestExport = (role: LeavingRole) =>
  useQuery({
    queryKey: accountExportKeys.latest(role),
    queryFn: () => getLatestExport(role),
    staleTime: 0,
    refetchInterval: (query) => (isRunning(query.state.data) ? EXPORT_POLL_MS : false),
  });

export function useStartExport(role: LeavingRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startExport(role),
    onSuccess: (data) => queryClient.setQueryData(accountExportKeys.latest(role), data),
  });
}
