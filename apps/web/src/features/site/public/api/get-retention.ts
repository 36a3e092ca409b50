import { useQuery } from '@tanstack/react-query';
import { accountDataRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { siteKeys } from '@/lib/query-keys';

/** GET /web/privacy/retention: how long this server keeps what it keeps (its RETENTION_DAYS among them). */
export const getRetention = (signal?: AbortSignal) => callRoute(accountDataRoutes.retention, { signal });

/** The periods change only with the server's configuration: read once per visit. */
export const useRetention = () =>
  useQuery({
    queryKey: siteKeys.retention(),
    queryFn: ({ signal }) => getRetention(signal),
    staleTime: Infinity,
  });
