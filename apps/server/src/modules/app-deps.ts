// TRANSITIONAL (issue 9): the old dependency bag, kept only while modules move to their own entries.
// Each module's index.ts narrows what it takes; when none uses this any more, it is deleted.
import type { Platform } from '../platform/platform';
import type { SessionStore } from './accounts/sessions';
import type { AuthGuard } from './accounts/auth.guard';
import type { Notifications } from './notifications/notifications.service';
import type { DeliveryService } from './delivery/delivery.service';
import type { DeliveryScheduler } from './videos/scheduler';
import type { VideoPayments } from './videos/payments-hook';

export interface AppDeps extends Platform {
  sessions: SessionStore;
  auth: AuthGuard;
  notifications: Notifications;
  delivery: DeliveryService;
  deliveryScheduler: DeliveryScheduler;
  videoPayments: VideoPayments;
}
