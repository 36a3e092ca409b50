import type { RateRule } from '../../platform/rate-limit/rate-limit';

/**
 * Guestbook messages as the contact-us form counts its messages (docs/decisions/0096): per address
 * enough for a person, per page enough for a crowd on the day of the service, not for a script.
 */
export const guestbookPerIpRule = (ip: string): RateRule => ({
  key: `memorialGuestbookPerIp:${ip}`,
  limit: 10,
  windowSeconds: 60 * 60,
});
export const guestbookPerPageRule = (pageId: number): RateRule => ({
  key: `memorialGuestbookPerPage:${pageId}`,
  limit: 60,
  windowSeconds: 60 * 60,
});
/** Reports of entries from one address. */
export const reportPerIpRule = (ip: string): RateRule => ({
  key: `memorialReportPerIp:${ip}`,
  limit: 20,
  windowSeconds: 60 * 60,
});
