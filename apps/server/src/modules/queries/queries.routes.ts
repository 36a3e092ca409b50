import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminQueryDetailResponse,
  adminQueryIdParams,
  adminQueryListQuery,
  adminQueryListResponse,
} from '@pw/contracts';
import type { AppDeps } from '../app-deps';
import { ok, paginated } from '../../platform/http/envelope';
import { createQueriesService } from './queries.service';

const tags = ['Admin queries'];
const security = [{ bearer: [] }];

/** Spec 001 §7: `/admin/queries{query}` and `/admin/queries/{id}/detail`, for the admin role only. */
export function registerQueryRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = deps.auth.required('admin');
  const service = createQueriesService(deps);

  api.get(
    '/admin/queries',
    {
      schema: {
        tags,
        security,
        summary: 'Contact-us messages: search, user_type, from_date/to_date, sort, paged',
        querystring: adminQueryListQuery,
        response: { 200: adminQueryListResponse },
      },
      preHandler: admin,
    },
    async (request) => {
      const query = request.query;
      const { items, total } = await service.list(query);
      const url = new URL(request.url, deps.config.PUBLIC_URL);
      return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
    },
  );

  api.get(
    '/admin/queries/:id/detail',
    {
      schema: {
        tags,
        security,
        summary: 'One contact-us message with its text',
        params: adminQueryIdParams,
        response: { 200: adminQueryDetailResponse },
      },
      preHandler: admin,
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      return ok(await service.detail(id));
    },
  );
}
