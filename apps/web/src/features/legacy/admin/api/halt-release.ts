import { legacyRoutes } from '@pw/contracts';
import { callRoute } from '@/lib/api';

/** POST /admin/legacy/{id}/halt with `{ reason }`: only a waiting report can be halted (404 otherwise). */
export const haltRelease = (id: number, reason: string) =>
  callRoute(legacyRoutes.adminHalt, { params: { id }, body: { reason } });
