import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoRoutes, type RouteBody, type ScheduleOption } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { videoKeys } from '@/lib/query-keys';

type RouteUpdateTypeBody = RouteBody<typeof videoRoutes.updateType>;

/**
 * What the schedule form hands over: the route's schedule fields, all filled in (the route requires
 * them only for the scheduled folder, a rule its schema checks at run time). `share_at_date` is
 * yyyy-mm-dd, `share_at_time` HH:MM:00 (docs/product.md §13.6), `timezone` the browser's IANA zone: the server
 * stores the instant (docs/product.md §5). Beside them, the schedule's options (`scheduleOptions`).
 */
export type Schedule = Required<
  Pick<RouteUpdateTypeBody, 'email' | 'share_at_date' | 'share_at_time' | 'timezone'>
> &
  Pick<RouteUpdateTypeBody, ScheduleOption>;

/** The route's body, with the same rule in the type: a schedule exactly when the folder is scheduled. */
export type UpdateTypeBody =
  { type: Exclude<RouteUpdateTypeBody['type'], 'scheduled'> } | ({ type: 'scheduled' } & Schedule);

/** POST /web/user/video/{id}/update-type: moves a video, or (re)schedules it. */
export function updateType(id: number, body: UpdateTypeBody) {
  return callRoute(videoRoutes.updateType, { params: { id }, body });
}

export function useUpdateType(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTypeBody) => updateType(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.all }),
  });
}
