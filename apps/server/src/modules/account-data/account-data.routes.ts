import {
  ACCOUNT_DATA_MESSAGES,
  EXPORT_KEEP_DAYS,
  MAIL_LOG_KEEP_DAYS,
  RETENTION_NOTICE_DAYS,
  accountDataRoutes,
} from '@pw/contracts';
import type { Router } from '../../platform/http/route';
import { USER_FILE_HEADERS } from '../../platform/http/user-files';
import { ok } from '../../platform/http/envelope';
import { accountOf } from '../accounts';
import type { DeletionService } from './deletion.service';
import type { ExportService } from './export.service';

/** The account-data calls, as declared in @pw/contracts (`accountDataRoutes`): handlers call the services. */
export function registerAccountDataRoutes(
  router: Router,
  exports: ExportService,
  deletion: DeletionService,
  retentionDays: number,
) {
  // The periods the privacy policy states, from this server's configuration (docs/product.md §11.9).
  router.route(accountDataRoutes.retention, () => ({
    data: {
      retention_days: retentionDays,
      notice_days: [...RETENTION_NOTICE_DAYS],
      export_days: EXPORT_KEEP_DAYS,
      mail_log_days: MAIL_LOG_KEEP_DAYS,
    },
  }));

  for (const routes of [accountDataRoutes.user, accountDataRoutes.funeralHome]) {
    router.route(routes.startExport, async ({ request }) =>
      ok(await exports.start(accountOf(request).id), ACCOUNT_DATA_MESSAGES.exportStarted),
    );
    router.route(routes.latestExport, async ({ request, reply }) => {
      // The answer carries a fresh download link: never cached.
      void reply.header('Cache-Control', 'private, no-store');
      return { data: await exports.latest(accountOf(request).id) };
    });
    router.route(routes.export, async ({ params, request, reply }) => {
      void reply.header('Cache-Control', 'private, no-store');
      return ok(await exports.get(accountOf(request).id, params.id));
    });
    router.route(routes.deleteAccount, async ({ body, request }) => {
      await deletion.deleteAccount(accountOf(request), body, request.ip);
      return { message: ACCOUNT_DATA_MESSAGES.deleted, data: null };
    });
  }

  router.route(accountDataRoutes.download, async ({ params, reply }) => {
    const archive = await exports.open(params.token);
    void reply
      .header('Content-Type', 'application/zip')
      .header('Content-Length', archive.size)
      .header('Content-Disposition', `attachment; filename="${archive.filename}"`)
      .header('Cache-Control', 'private, no-store')
      .header('Referrer-Policy', 'no-referrer')
      .headers(USER_FILE_HEADERS);
    return reply.send(await archive.read());
  });
}
