import { useQuery } from '@tanstack/react-query';
import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacySettingsKeys } from '@/lib/query-keys';

/** GET /web/user/legacy: the settings, where the final message stands, the open report and the log. */
export const getLegacySettings = async (signal?: AbortSignal) =>
  (await callRoute(legacyRoutes.settings, { signal })).data;

/** How often an open page asks again, so a report made meanwhile reaches the owner's alert. */
export const LEGACY_POLL_MS = 60_000;

/**
 * The owner's release settings. Read again when the window regains focus (the app's default is not to)
 * and every minute while a page is open: a report made while the owner is signed in must reach the
 * alert at the top of their pages, even on a page left open in front of them.
 */
export const useLegacySettings = () =>
  useQuery({
    queryKey: legacySettingsKeys.one(),
    queryFn: ({ signal }) => getLegacySettings(signal),
    refetchOnWindowFocus: true,
    refetchInterval: LEGACY_POLL_MS,
  });
