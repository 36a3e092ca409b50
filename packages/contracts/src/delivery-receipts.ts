import { z } from 'zod';

/**
 * Read receipts (docs/product.md §5.8): the owner is told in the app when the recipient
 * first opens an occurrence's watch link, unless they turned it off for that delivery (`receipts`).
 */
export const RECEIPT_MESSAGES = {
  invalid: 'The receipts field must be true or false.',
  /** The schedule dialog's checkbox. */
  checkboxLabel: 'Tell me when it is opened',
  /** The watch page's one line, shown only while receipts are on for that delivery. */
  watchLine: 'The sender is told when this message is first opened.',
  /** The bell's title of the notice. */
  noticeTitle: 'Your message was opened',
} as const;

/**
 * `receipts`: true (the default when absent) or false. Multipart forms send it as text (`true`,
 * `false`, `1`, `0`).
 */
export const receiptsField = z.preprocess(
  (value) =>
    value === 'true' || value === '1' || value === 1
      ? true
      : value === 'false' || value === '0' || value === 0
        ? false
        : value,
  // A custom check, not z.boolean(): the server words a wrong type as a missing field.
  z.custom<boolean>((value) => typeof value === 'boolean', { error: RECEIPT_MESSAGES.invalid }),
) as unknown as z.ZodType<boolean, boolean | string | number | undefined>;
