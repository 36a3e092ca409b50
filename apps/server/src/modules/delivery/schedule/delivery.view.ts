import {
  optionColumn,
  scheduleOptionNames,
  scheduleOptions,
  type DeliveryInfo,
  type ScheduleOptionsShown,
} from '@pw/contracts';
import type { DeliveryStatusOfVideo } from './delivery.history';

/** The schedule's options as the owner chose them (the contract's `scheduleOptions`), from their columns. */
function optionsJson(found: DeliveryStatusOfVideo): ScheduleOptionsShown {
  const shown: Record<string, unknown> = {};
  for (const name of scheduleOptionNames) {
    const value = found[optionColumn(name)] as unknown;
    shown[name] = value instanceof Date ? value.toISOString() : (value ?? scheduleOptions[name].empty);
  }
  return shown as ScheduleOptionsShown;
}

/** A scheduled video's delivery as the video API shows it (the `delivery` field). */
export function deliveryJson(found: DeliveryStatusOfVideo): DeliveryInfo {
  return {
    status: found.status,
    recipient_email: found.recipientEmail,
    due_at: found.dueAt.toISOString(),
    sent_at: found.sentAt?.toISOString() ?? null,
    attempts: found.attempts,
    last_error: found.lastError,
    replaces_email: found.replacesEmail,
    ...optionsJson(found),
    next_at: found.nextAt?.toISOString() ?? null,
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
