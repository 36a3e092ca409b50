import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { watchParams, watchResponse } from '@pw/contracts';
import type { AppDeps } from '../app-deps';
import { ok } from '../../platform/http/envelope';

/** The recipient's watch page API: the link in the delivery e-mail, no account needed. */
export function registerDeliveryRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/watch/:token',
    {
      schema: {
        tags: ['delivery'],
        params: watchParams,
        summary: "A delivered video message (title, description, sender's name, signed video URL)",
        response: { 200: watchResponse },
      },
    },
    async (request, reply) => {
      // Personal link: keep it out of shared caches and referrers.
      reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer');
      return ok(await deps.delivery.watch(request.params.token));
    },
  );
}
