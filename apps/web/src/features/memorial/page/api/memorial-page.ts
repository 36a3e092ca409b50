import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memorialRoutes } from '@pw/contracts';
import { callRoute, toFormData } from '@/lib/api';
import { memorialKeys } from '@/lib/query-keys';

/** GET /memorial/{slug}: the page as anyone with its address sees it (404 before the release). */
export const useMemorialPage = (slug: string) =>
  useQuery({
    queryKey: memorialKeys.page(slug),
    queryFn: async ({ signal }) => (await callRoute(memorialRoutes.page, { params: { slug }, signal })).data,
    retry: false,
  });

/** POST /memorial/{slug}/guestbook: a visitor's message (held for the family unless they turned that off). */
export function useSignGuestbook(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: { name: string; message: string; photo: File | null }) =>
      callRoute(memorialRoutes.sign, { params: { slug }, body: toFormData(fields) as never }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memorialKeys.page(slug) }),
  });
}

/** POST /memorial/{slug}/guestbook/{id}/report: anyone may point a message out to the family and our team. */
export const useReportEntry = (slug: string) =>
  useMutation({
    mutationFn: (id: number) => callRoute(memorialRoutes.report, { params: { slug, id }, body: {} }),
  });
