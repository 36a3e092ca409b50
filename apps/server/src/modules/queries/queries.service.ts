import type { z } from 'zod';
import type { AdminQueryDetail, AdminQueryItem, AdminQueryListQuery, contactUsBody } from '@pw/contracts';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/events';
import { notFound } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit';
import type { AuthAccount } from '../accounts';
import { contactRule } from './queries.limits';
import type { QueriesRepo, QueryListRow } from './queries.repo';
import './queries.events';

const toItem = (row: QueryListRow): AdminQueryItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  user_type: row.userType,
  created_at: row.createdAt.toISOString(),
});

export interface QueriesServiceDeps {
  repo: QueriesRepo;
  clock: Clock;
  events: EventBus;
  rateLimiter: RateLimiter;
}

/** Contact-us messages: written by anyone through the form, read by the back office (docs/product.md §9.5 'queries'). */
export function createQueriesService({ repo, clock, events, rateLimiter }: QueriesServiceDeps) {
  return {
    /** A message from a visitor (guest) or a signed-in user or funeral home; admins write as guests. */
    async contactUs(caller: AuthAccount | undefined, input: z.output<typeof contactUsBody>, ip: string) {
      await rateLimiter.consume(contactRule(ip));
      const userType = caller && caller.type !== 'admin' ? caller.type : 'guest';
      const row = await repo.insert({
        userId: userType === 'guest' ? null : caller!.id,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        userType,
        createdAt: clock.now(),
      });
      // After the commit: the admins are told by the notifications module's listener.
      await events.emit('query.created', { queryId: row.id, userType });
    },

    async list(query: AdminQueryListQuery) {
      const { rows, total } = await repo.list(query);
      return { items: rows.map(toItem), total };
    },

    async detail(id: number): Promise<AdminQueryDetail> {
      const row = id > 0 ? await repo.find(id) : null;
      if (!row) throw notFound('Query not found.');
      return { ...toItem(row), message: row.message };
    },
  };
}

export type QueriesService = ReturnType<typeof createQueriesService>;
