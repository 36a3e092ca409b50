import type { LegacyReport, LegacySettings } from '@pw/contracts';

/** The owner's settings as GET /web/user/legacy answers them; `over` sets what a test is about. */
export const legacySettings = (over: Partial<LegacySettings> = {}): LegacySettings => ({
  contacts: [],
  waiting_period_days: 3,
  check_in_months: 0,
  available_at_once: false,
  state: 'sealed',
  next_check_in_at: null,
  open_report: null,
  log: [],
  ...over,
});

export const openReport = (over: Partial<LegacyReport> = {}): LegacyReport => ({
  id: 9,
  state: 'waiting',
  reporter_kind: 'trusted-contact',
  reporter_name: 'Kim Kin',
  relation: 'Sister',
  note: null,
  reported_at: '2026-11-20T09:30:00.000Z',
  release_at: '2026-11-23T09:30:00.000Z',
  ended_at: null,
  ...over,
});

export const contact = (id: number, name: string, email: string, confirmed = false) => ({
  id,
  name,
  email,
  confirmed_at: confirmed ? '2026-11-21T08:00:00.000Z' : null,
});
