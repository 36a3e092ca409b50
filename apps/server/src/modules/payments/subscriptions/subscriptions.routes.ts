import {
  SUBSCRIPTION_CANCELLED_MESSAGE,
  SUBSCRIPTION_RENEWAL_ON_MESSAGE,
  subscriptionRoutes,
} from '@pw/contracts';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../../platform/http/route';
import { accountOf } from '../../accounts';
import type { SubscriptionsService } from './subscriptions.service';

/** The subscription calls (`subscriptionRoutes` of @pw/contracts): cancelling one's own auto-renewal, or turning it back on. */
export function registerSubscriptionRoutes(router: Router, service: SubscriptionsService) {
  const cancel = async ({ params, request }: { params: { id: number }; request: FastifyRequest }) => ({
    message: SUBSCRIPTION_CANCELLED_MESSAGE,
    data: await service.cancel(accountOf(request).id, params.id),
  });
  router.route(subscriptionRoutes.userCancel, cancel);
  router.route(subscriptionRoutes.funeralHomeCancel, cancel);
  const resume = async ({ params, request }: { params: { id: number }; request: FastifyRequest }) => ({
    message: SUBSCRIPTION_RENEWAL_ON_MESSAGE,
    data: await service.resume(accountOf(request).id, params.id),
  });
  router.route(subscriptionRoutes.userResume, resume);
  router.route(subscriptionRoutes.funeralHomeResume, resume);
}
