import { z } from 'zod';
import { idParams } from './common';
import { defineRoute } from './route';

/**
 * The yearly address check (docs/product.md §5.9, decision 0366): an owner whose deliveries are due
 * more than a year ahead is asked once a year whether each recipient's address is still right. 'Still
 * right' is a link that needs no sign-in: the web page `/delivery/address/{token}` sends its token here.
 */

export { ADDRESS_CONFIRM_PAGE, SCHEDULED_FOLDER_PAGE } from './delivery-address-page';

/** How far ahead a pending delivery must be due for the check to ask about it (a year). */
export const ADDRESS_CHECK_AHEAD_DAYS = 365;
/** Unanswered this long after the check, one reminder goes (only about the addresses not confirmed). */
export const ADDRESS_CHECK_REMINDER_DAYS = 60;
/** A 'Still right' link works this long after its check (past the reminder, well before the next check). */
export const ADDRESS_LINK_DAYS = 180;

/** The longest token accepted: a token is 43 characters (256 bits, base64url). */
export const ADDRESS_TOKEN_MAX = 128;

/** What the confirm page and the call say (decision 0338: one home for a shared text). */
export const ADDRESS_CHECK_MESSAGES = {
  /** Forged, unknown or mistyped: no hint which. */
  invalidLink: 'This link is not valid. Sign in to check your scheduled deliveries.',
  expired: 'This link has expired. Sign in to check your scheduled deliveries.',
  /** The delivery was changed, sent or cancelled since the check: there is nothing to confirm. */
  changed:
    'This delivery has changed since we asked, so there is nothing to confirm. Sign in to see your scheduled deliveries.',
  confirmed: 'Thank you: the address is confirmed.',
  tokenRequired: 'The token field is required.',
  pageTitle: 'Recipient address',
  loading: 'Confirming the address…',
  /** The page reading what its link asks about, before the button. */
  reading: 'Reading your scheduled delivery…',
  /** The link opened again after its 'Still right': nothing more to do. */
  alreadyConfirmed: 'This address is already confirmed.',
  signIn: 'Go to my scheduled videos',
  /** The signed-in owner's 'Still right' on a video whose current delivery no check asks about. */
  nothingToConfirm: 'This video has no address waiting for your answer.',
} as const;

/** The in-app task on a scheduled video's card and page (docs/product.md §5.9). */
export const ADDRESS_CHECK_TASK = {
  question: (email: string) => `Is ${email} still right?`,
  stillRight: 'Still right',
  confirming: 'Confirming…',
  change: 'Change',
  confirmed: (date: string) => `Address confirmed on ${date}`,
  failed: 'The address could not be confirmed. Please try again.',
} as const;

export const addressConfirmBody = z.object({
  token: z
    .string({ error: ADDRESS_CHECK_MESSAGES.tokenRequired })
    .min(1, ADDRESS_CHECK_MESSAGES.tokenRequired)
    .max(ADDRESS_TOKEN_MAX, ADDRESS_CHECK_MESSAGES.invalidLink),
});

/** `POST /api/delivery/address/confirm`: the confirmation recorded (or recorded before: the same answer). */
export const addressConfirmResponse = z.object({
  message: z.string(),
  data: z.object({
    video_title: z.string(),
    recipient_email: z.string(),
    /** The instant the delivery is due (the page writes it in the reader's zone). */
    due_at: z.string(),
    /** When the address was first confirmed: a second click answers the first one's. */
    confirmed_at: z.string(),
  }),
});
export type AddressConfirmResponse = z.infer<typeof addressConfirmResponse>;

/**
 * `POST /api/delivery/address/details`: what the link's page names before its button (the token in the
 * body, like the confirmation's, so it stays out of addresses and logs). `confirmed_at` is null until
 * the address is confirmed.
 */
export const addressDetailsResponse = z.object({
  data: addressConfirmResponse.shape.data.extend({ confirmed_at: z.string().nullable() }),
});
export type AddressDetailsResponse = z.infer<typeof addressDetailsResponse>;

/** The calls of the address check (decision 0127). */
export const deliveryAddressRoutes = {
  /** The owner's 'Still right' answer from the e-mail's link: no sign-in, the token is the permission. */
  confirm: defineRoute({
    method: 'POST',
    path: '/delivery/address/confirm',
    tag: 'Delivery',
    summary: "Confirm a scheduled delivery's recipient address with the token of the yearly check's link",
    access: 'public',
    body: addressConfirmBody,
    response: addressConfirmResponse,
  }),
  /** What the link's page shows first: its video, address and day; changes nothing, refuses as `confirm`. */
  details: defineRoute({
    method: 'POST',
    path: '/delivery/address/details',
    tag: 'Delivery',
    summary: "Read the video and recipient address a yearly check's 'Still right' link asks about",
    access: 'public',
    body: addressConfirmBody,
    response: addressDetailsResponse,
  }),
  /**
   * The signed-in owner's 'Still right' in the app (docs/product.md §5.9): confirms the open check item of
   * the video's current delivery as the link does; idempotent. 404: not their video, or nothing asked.
   */
  confirmOwn: defineRoute({
    method: 'POST',
    path: '/web/user/video/:id/delivery/address/confirm',
    tag: 'Delivery',
    summary: "Confirm the recipient address the yearly check asks about, for one of the caller's videos",
    access: ['user'],
    params: idParams,
    response: addressConfirmResponse,
  }),
};
