import { useMutation, useQueryClient } from '@tanstack/react-query';
import { legacyRoutes, type RouteBody } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { legacySettingsKeys } from '@/lib/query-keys';

export type LegacySettingsInput = RouteBody<typeof legacyRoutes.saveSettings>;

/** POST /web/user/legacy: the settings, saved whole (new contacts get their role e-mail). */
export const saveLegacySettings = (body: LegacySettingsInput) =>
  callRoute(legacyRoutes.saveSettings, { body });

export function useSaveLegacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLegacySettings,
    onSuccess: (response) => queryClient.setQueryData(legacySettingsKeys.one(), response.data),
  });
}
