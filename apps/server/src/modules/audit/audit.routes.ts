import { auditRoutes } from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { paginated } from '../../platform/http/envelope';
import { accountOf } from '../accounts';
import type { AuditService } from './audit.service';

/** The audit calls, as declared in @pw/contracts (`auditRoutes`): the owner reads their own list only. */
export function registerAuditRoutes(router: Router, service: AuditService, publicUrl: string) {
  router.route(auditRoutes.userList, async ({ query, request, reply }) => {
    void reply.header('Cache-Control', 'private, no-store');
    const { items, total } = await service.list(accountOf(request).id, query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });
}
