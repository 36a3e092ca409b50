import { z } from 'zod';

/**
 * Repeating deliveries: a scheduled video is sent once (`none`) or every year (`yearly`) at the owner's
 * date and time, until the year `repeat_until` (included; null: no end). Each yearly occurrence is a
 * delivery of its own with its own watch link.
 */
export const deliveryRepeats = ['none', 'yearly'] as const;
export type DeliveryRepeat = (typeof deliveryRepeats)[number];

/** How one occurrence of a delivery ended, as the video's history lists it. */
export const deliveryHistoryStatuses = ['sent', 'bounced', 'failed', 'cancelled'] as const;
export type DeliveryHistoryStatus = (typeof deliveryHistoryStatuses)[number];

/** The latest year a repeat may run to (a bound on what is stored, not a promise). */
export const REPEAT_UNTIL_MAX = 2200;

export const REPEAT_MESSAGES = {
  invalid: 'The repeat must be none or yearly.',
  untilInvalid: 'The repeat until field must be a year (e.g. 2030).',
  untilPast: 'The repeat until year must not be before the year of the first delivery.',
  untilWithoutRepeat: 'The repeat until field needs a yearly repeat.',
} as const;

/** `repeat`: absent or empty means `none`. */
export const repeatField = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 'none' : value),
  z.enum(deliveryRepeats, { error: REPEAT_MESSAGES.invalid }),
) as unknown as z.ZodType<DeliveryRepeat, string | null | undefined>;

/** `repeat_until`: a year, or null / empty / absent for no end. Multipart forms send it as text. */
export const repeatUntilField = z.preprocess(
  (value) =>
    value === undefined || value === null || value === '' || value === 'null'
      ? null
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value.trim())
        : typeof value === 'number'
          ? value
          : // Anything else is no year: refused with the same words as a year out of range.
            -1,
  z
    .number({ error: REPEAT_MESSAGES.untilInvalid })
    .int(REPEAT_MESSAGES.untilInvalid)
    .min(1970, REPEAT_MESSAGES.untilInvalid)
    .max(REPEAT_UNTIL_MAX, REPEAT_MESSAGES.untilInvalid)
    .nullable(),
  // What a client sends: a year (as a number or as form text), or nothing.
) as unknown as z.ZodType<number | null, number | string | null | undefined>;

/** One finished occurrence of a video's delivery. */
export const deliveryHistoryEntry = z.object({
  /** When it was sent; for one that was not, the moment it was due. */
  at: z.string(),
  status: z.enum(deliveryHistoryStatuses),
  recipient: z.string(),
  /**
   * Whether the owner is told of this occurrence's opens (docs/product.md §5.8). Without, `opened_at`
   * is null and `open_count` null: the owner learns nothing the recipient was not told they would.
   */
  receipts: z.boolean(),
  /** When the recipient first opened its watch link. */
  opened_at: z.string().nullable(),
  /** How many times its watch link was opened (docs/product.md §5.8). */
  open_count: z.number().nullable(),
});
export type DeliveryHistoryEntry = z.infer<typeof deliveryHistoryEntry>;

const dayMonth = (month: number, day: number) =>
  new Date(Date.UTC(2000, month - 1, day)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

/** yyyy-mm-dd of an instant on the clock of `timeZone`. */
function dateIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const longDate = (date: string) => {
  const [year, month, day] = date.split('-').map(Number);
  return `${dayMonth(month!, day!)} ${year}`;
};

/** "12 March 2027": an instant's day on the clock of `timeZone`. */
export const longDateIn = (instant: Date, timeZone: string): string =>
  longDate(dateIn(instant.toISOString(), timeZone));

/** "12 March 2027 at 09:14": an instant's day and minute on the clock of `timeZone`. */
export function longDateTimeIn(instant: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${longDate(dateIn(instant.toISOString(), timeZone))} at ${time}`;
}

/**
 * What the owner reads about a repeating delivery, on the scheduled card and the video's page:
 * "Every year on 12 March at 09:00 — next: 12 March 2027" (the owner's date and time, the next
 * occurrence's day in their zone), "… until 2030" when it ends. Null when the delivery does not repeat.
 */
export function repeatSummary(input: {
  repeat: DeliveryRepeat | undefined;
  repeat_until?: number | null;
  /** The owner's chosen date (yyyy-mm-dd) and time (HH:MM[:SS]) and zone. */
  share_at_date: string | null;
  share_at_time: string | null;
  timezone: string | null;
  next_at: string | null;
}): string | null {
  if (input.repeat !== 'yearly' || !input.share_at_date || !input.share_at_time) return null;
  const [, month, day] = input.share_at_date.split('-').map(Number);
  if (!month || !day) return null;
  let text = `Every year on ${dayMonth(month, day)} at ${input.share_at_time.slice(0, 5)}`;
  if (input.repeat_until) text += ` until ${input.repeat_until}`;
  if (input.next_at) text += ` — next: ${longDate(dateIn(input.next_at, input.timezone ?? 'UTC'))}`;
  return text;
}
