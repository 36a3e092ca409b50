/** Every e-mail the platform sends, one template per kind, all in the one layout (layout.ts). */
import type { LegacyMailKind } from './legacy';

export { render, whenText, type RenderedMail, type Letter, type Block } from './layout';
export { escapeHtml } from './escape';
export { hello } from './greeting';
export { deliveryMail, grantMail, DELIVERY_SUBJECT, GRANT_SUBJECT } from './watch-link';
export { resetCodeMail } from './reset-code';
export { accountDeletedMail } from './account-deleted';
export { retentionNoticeMail } from './retention-notice';
export { notificationMail } from './notification';
export { policyUpdatedMail } from './policy-updated';
export { mediaDamagedMail } from './media-damaged';
export {
  addressCheckMail,
  ADDRESS_CHECK_SUBJECT,
  ADDRESS_REMINDER_SUBJECT,
  type AddressCheckLine,
} from './address-check';
export { legacyMails, legacyMailKinds, LEGACY_SUBJECTS, type LegacyMailKind } from './legacy';

/** The kinds an outbox row can be (`mail_outbox.kind`). */
export type MailKind =
  | 'delivery'
  | 'grant-access'
  | 'reset-code'
  | 'notification'
  | 'account-deleted'
  | 'policy-updated'
  | 'retention-notice'
  | 'media-damaged'
  | 'address-check'
  | `legacy.${LegacyMailKind}`;
