import {
  legacyRoutes,
  REPORT_CANCELLED_MESSAGE,
  RESEALED_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
} from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { ok, paginated } from '../../platform/http/envelope';
import type { RateLimiter } from '../../platform/rate-limit/rate-limit';
import { accountOf } from '../accounts';
import { codeLookupRule } from '../videos';
import { CONTACT_CONFIRMED_MESSAGE, type LegacyService } from './legacy.service';

/** The legacy release's calls, as declared in @pw/contracts (`legacyRoutes`): handlers only call the service. */
export function registerLegacyRoutes(
  router: Router,
  service: LegacyService,
  publicUrl: string,
  rateLimiter: RateLimiter,
) {
  router.route(legacyRoutes.settings, async ({ request }) => ok(await service.view(accountOf(request).id)));

  router.route(legacyRoutes.saveSettings, async ({ request, body }) =>
    ok(await service.save(accountOf(request).id, body), SETTINGS_SAVED_MESSAGE),
  );

  router.route(legacyRoutes.resendContact, async ({ request, params }) =>
    ok(await service.resend(accountOf(request).id, params.id), 'The e-mail has been sent again.'),
  );

  router.route(legacyRoutes.cancelReport, async ({ request }) =>
    ok(await service.cancel(accountOf(request).id), REPORT_CANCELLED_MESSAGE),
  );

  // Under the access-code lookup's limit: a wrong code here must not be a free guess.
  router.route(legacyRoutes.reportByCode, async ({ request, params, body }) => {
    await rateLimiter.consume(codeLookupRule(accountOf(request).id));
    return service.reportByCode(accountOf(request), params.code, body);
  });

  router.route(legacyRoutes.contactPage, async ({ params }) => ok(await service.contactPage(params.token)));

  router.route(legacyRoutes.confirmContact, async ({ params }) => ({
    message: CONTACT_CONFIRMED_MESSAGE,
    data: await service.confirmContact(params.token),
  }));

  router.route(legacyRoutes.reportByContact, async ({ params, body }) =>
    service.reportByContact(params.token, body),
  );

  router.route(legacyRoutes.alivePage, async ({ params }) => ok(await service.alivePage(params.token)));

  router.route(legacyRoutes.alive, async ({ params }) => ({ message: await service.alive(params.token) }));

  router.route(legacyRoutes.resealByAlive, async ({ params }) => ({
    message: RESEALED_MESSAGE,
    data: await service.resealByAlive(params.token),
  }));

  router.route(legacyRoutes.reseal, async ({ request }) => ({
    message: RESEALED_MESSAGE,
    data: await service.resealSignedIn(accountOf(request).id),
  }));

  router.route(legacyRoutes.adminList, async ({ query, request }) => {
    const { items, total } = await service.adminList(query);
    const url = new URL(request.url, publicUrl);
    return paginated(items, total, { page: query.page, perPage: query.per_page }, url);
  });

  router.route(legacyRoutes.adminHalt, async ({ params, body }) => ({
    message: 'The release has been halted.',
    data: await service.halt(params.id, body.reason),
  }));
}
