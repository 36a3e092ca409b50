import type { DeliveryInfo } from '@pw/contracts';
import type { DeliveryStatusOfVideo } from './delivery.history';

/** A scheduled video's delivery as the video API shows it (the `delivery` field). */
export function deliveryJson(found: DeliveryStatusOfVideo): DeliveryInfo {
  return {
    status: found.status,
    recipient_email: found.recipientEmail,
    due_at: found.dueAt.toISOString(),
    sent_at: found.sentAt?.toISOString() ?? null,
    attempts: found.attempts,
    last_error: found.lastError,
    fallback_email: found.fallbackEmail,
    replaces_email: found.replacesEmail,
    repeat: found.repeat ?? 'none',
    repeat_until: found.repeatUntil ?? null,
    next_at: found.nextAt?.toISOString() ?? null,
    receipts: found.receipts ?? true,
    address_check: found.addressCheck
      ? {
          asked_at: found.addressCheck.askedAt.toISOString(),
          confirmed_at: found.addressCheck.confirmedAt?.toISOString() ?? null,
        }
      : null,
    history: (found.history ?? []).map((entry) => ({
      at: entry.at.toISOString(),
      status: entry.status,
      recipient: entry.recipient,
      receipts: entry.receipts,
      opened_at: entry.receipts ? (entry.openedAt?.toISOString() ?? null) : null,
      open_count: entry.receipts ? entry.openCount : null,
    })),
  };
}
