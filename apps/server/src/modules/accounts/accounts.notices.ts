import { notificationKinds } from '@pw/contracts';
import type { Db } from '../../platform/db';

/** A notice to one account: in the app, and by e-mail when `email` is set. */
export interface AccountNotice {
  kind: string;
  title: string;
  body: string;
  email?: boolean;
}

/**
 * What accounts asks of the notifications module (which the composition passes in): declared here, as
 * the notifications module reads accounts, so that neither module's code names the other's.
 */
export interface AccountNotifier {
  notify(userId: number, notice: AccountNotice, tx?: Db): Promise<unknown>;
}

/**
 * Told to the owner (in the app and by e-mail) in the transaction that changes the password, so that
 * someone who changed it with a stolen session cannot do so unnoticed.
 */
export function passwordChangedNotice() {
  return {
    kind: notificationKinds.passwordChanged,
    title: 'Your password was changed',
    body:
      'The password of your Parting Words account was just changed, and every other session was ' +
      'signed out. If this was not you, reset your password now with "Forgot password" on the ' +
      'sign-in page and contact us.',
    email: true,
  };
}
