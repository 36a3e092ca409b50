import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memorialRoutes, type ModeratorBody, type ModeratorView } from '@pw/contracts';
import { callRoute } from '@/lib/api';
import { memorialKeys } from '@/lib/query-keys';

export type EntryAction = 'approve' | 'hide' | 'delete';

/**
 * How one moderator reaches the page they look after (docs/product.md §6.9): a trusted contact through
 * their link, a funeral home through its account. The moderation screens take one of these, so both
 * moderators get the same screens.
 */
export interface ModerationAdapter {
  key: readonly unknown[];
  read(signal: AbortSignal): Promise<ModeratorView>;
  update(body: ModeratorBody): Promise<{ message?: string; data: ModeratorView }>;
  act(id: number, action: EntryAction): Promise<{ data: ModeratorView }>;
}

/** /legacy/contact/{token}/memorial…: the trusted contact's own link. */
export const contactModeration = (token: string): ModerationAdapter => ({
  key: memorialKeys.contact(token),
  read: async (signal) => (await callRoute(memorialRoutes.contactView, { params: { token }, signal })).data,
  update: (body) => callRoute(memorialRoutes.contactUpdate, { params: { token }, body }),
  act: (id, action) => callRoute(memorialRoutes.contactEntry, { params: { token, id }, body: { action } }),
});

/** /web/funeral-home/memorials/{slug}…: the home's account. */
export const homeModeration = (slug: string): ModerationAdapter => ({
  key: memorialKeys.home(slug),
  read: async (signal) => (await callRoute(memorialRoutes.homeView, { params: { slug }, signal })).data,
  update: (body) => callRoute(memorialRoutes.homeUpdate, { params: { slug }, body }),
  act: (id, action) => callRoute(memorialRoutes.homeEntry, { params: { slug, id }, body: { action } }),
});

/** The page a moderator looks after, every message included. */
export const useModeratorView = (adapter: ModerationAdapter) =>
  useQuery({
    queryKey: adapter.key,
    queryFn: ({ signal }) => adapter.read(signal),
    retry: false,
  });

/** The service details, listing and the guestbook's settings; the answer is the page as it is now. */
export function useUpdateMemorial(adapter: ModerationAdapter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModeratorBody) => adapter.update(body),
    onSuccess: (response) => {
      queryClient.setQueryData(adapter.key, response.data);
      // The home's list shows whether each page is listed.
      void queryClient.invalidateQueries({ queryKey: memorialKeys.homeList(), exact: true });
    },
  });
}

/** Approve, hide or delete one message. */
export function useEntryAction(adapter: ModerationAdapter) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: EntryAction }) => adapter.act(id, action),
    onSuccess: (response) => {
      queryClient.setQueryData(adapter.key, response.data);
      // The home's list counts the messages waiting.
      void queryClient.invalidateQueries({ queryKey: memorialKeys.homeList(), exact: true });
    },
  });
}

/** GET /web/funeral-home/memorials: the pages the home looks after, with how many messages wait. */
export const useHomeMemorials = () =>
  useQuery({
    queryKey: memorialKeys.homeList(),
    queryFn: async ({ signal }) => (await callRoute(memorialRoutes.homeList, { signal })).data,
  });
