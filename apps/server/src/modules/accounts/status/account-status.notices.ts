import { notificationKinds } from '@pw/contracts';

/**
 * What the owner is told when an administrator deactivates or activates their account (docs/product.md §2.6), in
 * the app and by e-mail. The deactivation's e-mail goes out although the account is no longer active
 * (the notification worker lets this one kind through: docs/product.md §10.2).
 */
export function accountStatusNotice(status: 0 | 1) {
  if (status === 0) {
    return {
      kind: notificationKinds.accountDeactivated,
      title: 'Your account has been deactivated',
      body:
        'An administrator deactivated your Parting Words account: you were signed out everywhere, ' +
        'your scheduled deliveries are on hold and your public videos are hidden. Please contact ' +
        'support if you think this is a mistake.',
      email: true,
    };
  }
  return {
    kind: notificationKinds.accountActivated,
    title: 'Your account is active again',
    body:
      'An administrator activated your Parting Words account again: you can sign in, your public ' +
      'videos are shown again and your held deliveries are on their way (any whose moment passed ' +
      'more than a day ago waits for your answer on your scheduled videos).',
    email: true,
  };
}
