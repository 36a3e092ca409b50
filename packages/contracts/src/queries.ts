import { z } from 'zod';
import { listQuery, paginatedResponse } from './lists';

/** Spec 001: who sent a contact-us message (a visitor is a guest). */
export const queryUserTypes = ['guest', 'user', 'funeral-home'] as const;
export type QueryUserType = (typeof queryUserTypes)[number];

/** Columns the admin's queries table may be sorted by. */
export const querySortColumns = ['created_at', 'name', 'email', 'subject', 'user_type'] as const;

/** `GET /admin/queries{query}`: the list kit's query plus `user_type`. */
export const adminQueryListQuery = listQuery(querySortColumns, 'created_at').safeExtend({
  user_type: z
    .enum(queryUserTypes, { error: 'The user type must be one of: guest, user, funeral-home.' })
    .optional(),
});
export type AdminQueryListQuery = z.output<typeof adminQueryListQuery>;

/** `/admin/queries/{id}/detail`: anything but a positive integer is simply not found. */
export const adminQueryIdParams = z.object({ id: z.string() });

/** A row of the queries table (spec 001: Name, Subject, Email Address, User Type, Date). */
export const adminQueryItem = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  user_type: z.string(),
  created_at: z.string(),
});
export type AdminQueryItem = z.infer<typeof adminQueryItem>;

/** The details page adds the message itself. */
export const adminQueryDetail = adminQueryItem.extend({ message: z.string() });
export type AdminQueryDetail = z.infer<typeof adminQueryDetail>;

export const adminQueryListResponse = paginatedResponse(adminQueryItem);
export const adminQueryDetailResponse = z.object({ data: adminQueryDetail });
