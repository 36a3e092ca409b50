import type { LegacySettings } from '@pw/contracts';

/** The form as typed: numbers as the inputs hold them, checked and converted by the contract's schema. */
export interface SettingsFormValues {
  contacts: Array<{ name: string; email: string }>;
  waiting_period_days: string;
  check_in_months: string;
  available_at_once: boolean;
}

export const formValuesOf = (settings: LegacySettings): SettingsFormValues => ({
  contacts: settings.contacts.map(({ name, email }) => ({ name, email })),
  waiting_period_days: String(settings.waiting_period_days),
  check_in_months: String(settings.check_in_months),
  available_at_once: settings.available_at_once,
});
