import { DATE_OF_BIRTH_MESSAGES } from '@pw/contracts';
import { DEACTIVATED_MESSAGE } from './auth.guard';

/** The sentences the accounts calls answer with: one home for each (decision 0126). */
export const ACCOUNT_MESSAGES = {
  signedUp: 'Your account has been created.',
  loggedIn: 'Logged in successfully.',
  loggedOut: 'You have been logged out.',
  /** One answer for an unknown e-mail, a wrong password and the wrong area (docs/decisions/0011). */
  invalidCredentials: 'These credentials do not match our records.',
  deactivated: DEACTIVATED_MESSAGE,
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
