import { z } from 'zod';
import { emailField, idParams, requiredText } from './common';
import { messageResponse } from './accounts';
import { listQuery, paginatedResponse } from './lists';
import { defineRoute } from './route';

/** docs/product.md §9: who sent a contact-us message (a visitor is a guest). */
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

/** A row of the queries table (docs/product.md §9: Name, Subject, Email Address, User Type, Date). */
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

/** docs/product.md §13.4 contact-us form. */
export const contactUsBody = z.object({
  name: requiredText('name', 200),
  email: emailField,
  subject: requiredText('subject', 200),
  message: requiredText('message', 5000),
});

/** The calls of the queries module (decision 0127). */
export const queryRoutes = {
  /** docs/product.md §13.2: a visitor, user or funeral home writes to the team (a credential is optional). */
  contactUs: defineRoute({
    method: 'POST',
    path: '/web/user/contact-us',
    tag: 'Queries',
    summary: 'Send a message to the team (visitor, user or funeral home; credential optional)',
    access: 'optional',
    body: contactUsBody,
    response: messageResponse,
  }),
  /** docs/product.md §13.2: the back office's list of contact-us messages. */
  list: defineRoute({
    method: 'GET',
    path: '/admin/queries',
    tag: 'Queries',
    summary: 'Contact-us messages: search, user_type, from_date/to_date, sort, paged',
    access: ['admin'],
    query: adminQueryListQuery,
    response: adminQueryListResponse,
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/admin/queries/:id/detail',
    tag: 'Queries',
    summary: 'One contact-us message with its text',
    access: ['admin'],
    params: idParams,
    response: adminQueryDetailResponse,
  }),
};
