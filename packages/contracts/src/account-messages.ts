/**
 * The accounts' texts, apart from their schemas: this file imports nothing, so a screen that shows only
 * a sentence (the login page) loads no zod and no schema (the bundle budgets of decision 0288).
 */

export const LEGAL_AGE = 18;

export const DATE_OF_BIRTH_MESSAGES = {
  required: 'The date of birth field is required.',
  shape: 'The date of birth must be a date (YYYY-MM-DD).',
  calendar: 'The date of birth must be a valid date.',
  future: 'The date of birth must be a date in the past.',
  underage: `You must be at least ${LEGAL_AGE} years old to sign up.`,
} as const;

/** The sentences the accounts calls answer with, shown as they come by the web (decision 0338). */
export const ACCOUNT_MESSAGES = {
  signedUp: 'Your account has been created.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'You have been logged out.',
  /** One answer for an unknown e-mail, a wrong password and the wrong area (docs/product.md §1.2). */
  invalidCredentials: 'These credentials do not match our records.',
  deactivated: 'Your account has been deactivated. Please contact support.',
  emailTaken: 'The email has already been taken.',
  underage: DATE_OF_BIRTH_MESSAGES.underage,
  dateOfBirthInFuture: DATE_OF_BIRTH_MESSAGES.future,
  resetSent: 'If an account exists for this e-mail, we have sent a verification code.',
  invalidCode: 'The verification code is invalid or has expired.',
  codeValid: 'The verification code is valid.',
  passwordReset: 'Your password has been reset. Please login to continue',
  passwordChanged: 'Your password has been changed.',
  wrongOldPassword: 'The old password is incorrect.',
  profileUpdated: 'Your profile has been updated.',
  photoTooLarge: 'The photo may not be larger than 15 MB.',
} as const;
