/** Query keys of the admin's queries screens. */
export const adminQueryKeys = {
  all: ['admin-queries'] as const,
  list: (params: Record<string, string | number>) => ['admin-queries', 'list', params] as const,
  detail: (id: string) => ['admin-queries', 'detail', id] as const,
};
