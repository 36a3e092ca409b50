import { z } from 'zod';
import { deliveryRepeats, repeatField, repeatUntilField } from './delivery-repeat';
import { receiptsField } from './delivery-receipts';

/** The sender's note (docs/product.md §5.1): plain text the recipient reads above the video. */
export const NOTE_MAX = 500;
export const NOTE_MESSAGES = {
  label: 'A note for the recipient (optional)',
  hint: 'Shown to the recipient above the video, as you write it.',
  tooLong: `The note must not be greater than ${NOTE_MAX} characters.`,
} as const;
const noteField = z.string().trim().max(NOTE_MAX, NOTE_MESSAGES.tooLong);

/**
 * A schedule's options: beside whom and when, what the owner chose about its delivery. Each has one name
 * on the wire, in the video API's `delivery` and (in camel case) as the delivery row's column, so a new
 * one is written here and in the table only: the body reads it (`body`), the server stores it (`empty`
 * when the body has none), the video API shows it back (`shown`), the web's form pre-fills it.
 */
export const scheduleOptions = {
  /**
   * Optional second address: where the video goes if the recipient's server refuses it
   * (docs/product.md §5.2).
   */
  fallback_email: { body: z.string().optional(), shown: z.string().nullable(), empty: null },
  /** `none` (default) or `yearly`. */
  repeat: { body: repeatField.optional(), shown: z.enum(deliveryRepeats).optional(), empty: 'none' },
  /** The last year a yearly delivery is sent in; null: no end. */
  repeat_until: {
    body: repeatUntilField.optional(),
    shown: z.number().nullable().optional(),
    empty: null,
  },
  /** Whether the owner is told when the recipient first opens it (default true; docs/product.md §5.8). */
  receipts: { body: receiptsField.optional(), shown: z.boolean().optional(), empty: true },
  /** The sender's note, trimmed; empty: none (and not shown back). */
  note: { body: noteField.optional(), shown: z.string().optional(), empty: undefined },
} as const;

type Options = typeof scheduleOptions;
export type ScheduleOption = keyof Options;
export const scheduleOptionNames = Object.keys(scheduleOptions) as ScheduleOption[];

const pick = <P extends 'body' | 'shown'>(part: P) =>
  Object.fromEntries(scheduleOptionNames.map((name) => [name, scheduleOptions[name][part]])) as {
    [K in ScheduleOption]: Options[K][P];
  };

/** The options as a body carries them. */
export const scheduleOptionFields = pick('body');
/** The options as the video API's `delivery` shows them back. */
export const scheduleOptionsShown = pick('shown');
export type ScheduleOptionsShown = z.infer<z.ZodObject<typeof scheduleOptionsShown>>;

/** `fallback_email` → `fallbackEmail`: an option's column on the delivery row. */
export type OptionColumn<K extends string> = K extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<OptionColumn<Tail>>}`
  : K;
export const optionColumn = <K extends ScheduleOption>(name: K) =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()) as OptionColumn<K>;
