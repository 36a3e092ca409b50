import { useQuery } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacySettingsKeys } from '@/lib/query-keys';

/**
 * GET /web/user/legacy, read for where the final message stands. It shares the release settings'
 * cache entry (same key, same answer), so saving the settings updates the folder's line too.
 */
export const useReleaseState = () =>
  useQuery({
    queryKey: legacySettingsKeys.one(),
    queryFn: async ({ signal }) => (await callRoute(legacyRoutes.settings, { signal })).data,
    select: (settings) => settings.state,
  });
