import { formatDate, formatWhen, toTimeInput } from '@/lib/dates';
import { repeatSummary, type DeliveryHistoryEntry, type Video } from '@pw/contracts';

/**
 * Where a scheduled video's delivery stands (docs/product.md §5.1): `pending` may still be sent (pending
 * or sending), `delivered` was sent, `failed` finally failed, `none` has nothing to send. A delivered
 * video stays in the scheduled folder, so the folder alone does not say whether it will still be sent.
 * `awaiting` came back over a day late after a reactivation and waits for the owner's answer
 * (docs/product.md §5.6).
 */
export type DeliveryPhase = 'none' | 'pending' | 'awaiting' | 'delivered' | 'failed';

export function deliveryPhase(video: Video): DeliveryPhase {
  if (video.type !== 'scheduled') return 'none';
  const delivery = video.delivery;
  // A server that does not report deliveries: the schedule may still be sent, so it is treated as pending.
  if (delivery === undefined) return video.share_at_date ? 'pending' : 'none';
  if (delivery === null) return 'none';
  if (delivery.status === 'pending' || delivery.status === 'sending') return 'pending';
  if (delivery.status === 'sent') return 'delivered';
  // Refused for good by the recipient's server (docs/product.md §5.2): not delivered, like a failure.
  if (delivery.status === 'failed' || delivery.status === 'bounced') return 'failed';
  if (delivery.status === 'awaiting_owner') return 'awaiting';
  return 'none';
}

/**
 * A delivery that moving or deleting the video would cancel: one still to be sent, or one waiting for
 * the owner's answer (the server counts both as the video's live delivery, docs/product.md §5.6).
 */
export function isLiveDelivery(phase: DeliveryPhase): boolean {
  return phase === 'pending' || phase === 'awaiting';
}

/** The schedule as the owner set it: "12 March 2027 at 14:30" (their date and time). */
export function scheduledMoment(video: Pick<Video, 'share_at_date' | 'share_at_time'>): string | null {
  if (!video.share_at_date || !video.share_at_time) return null;
  return `${formatDate(video.share_at_date)} at ${toTimeInput(video.share_at_time)}`;
}

/**
 * What a scheduled card says of its delivery (docs/product.md §5.1): to whom and, for a one-time
 * delivery, when ("To tom@example.com · 12 March 2027 at 09:00"; a yearly one's repeat line says when),
 * then the second address when one was given. Nothing outside the scheduled folder.
 */
/** How much of the sender's note a card shows; the video's page shows it whole. */
const NOTE_ON_CARD = 80;

export function scheduleCardLines(video: Video): string[] {
  if (video.type !== 'scheduled') return [];
  const recipient = video.email ?? video.delivery?.recipient_email;
  if (!recipient) return [];
  const moment = repeatLine(video) ? null : scheduledMoment(video);
  const lines = [moment ? `To ${recipient} · ${moment}` : `To ${recipient}`];
  const second = video.delivery?.fallback_email;
  if (second && second !== recipient) lines.push(`Second address: ${second}`);
  const note = video.delivery?.note?.trim();
  if (note) lines.push(`Note: ${note.length > NOTE_ON_CARD ? `${note.slice(0, NOTE_ON_CARD - 1)}…` : note}`);
  return lines;
}

/**
 * A yearly delivery in words: "Every year on 12 March at 09:00 — next: 12 March 2027" (the contracts'
 * one wording, for the card and the video's page); null when the video's delivery does not repeat.
 */
export function repeatLine(video: Video): string | null {
  const delivery = video.delivery;
  if (video.type !== 'scheduled' || !delivery) return null;
  return repeatSummary({
    repeat: delivery.repeat,
    repeat_until: delivery.repeat_until ?? null,
    share_at_date: video.share_at_date,
    share_at_time: video.share_at_time,
    timezone: video.timezone,
    next_at: delivery.next_at ?? null,
  });
}

/**
 * Whether a finished occurrence was opened (docs/product.md §5.8): "Opened on 12 March 2027 at 09:14"
 * (the first open, in the browser's zone) with "· 3 opens" past the first, "Not opened yet" once sent;
 * null for one that was never sent, and for one sent without receipts: the owner learns nothing the
 * recipient was not told they would, whatever an answer carries.
 */
export function openedText(entry: DeliveryHistoryEntry): string | null {
  if (!entry.receipts) return null;
  if (entry.opened_at) {
    const opens = entry.open_count ?? 0;
    const count = opens > 1 ? ` · ${opens} opens` : '';
    return `Opened on ${formatWhen(entry.opened_at)}${count}`;
  }
  return entry.status === 'sent' ? 'Not opened yet' : null;
}

/** The latest finished occurrence's opening, for the scheduled card; null when there is none. */
export function latestOpened(video: Video): string | null {
  const entry = video.type === 'scheduled' ? video.delivery?.history?.[0] : undefined;
  return entry ? openedText(entry) : null;
}
