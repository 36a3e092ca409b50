import { notificationKinds } from '@pw/contracts';

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
