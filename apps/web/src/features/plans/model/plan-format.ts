import { formatDay } from '@/lib/dates';
/** "Nov 22, 2026" in the person's own zone; a life-time plan has no expiry. */
export const expiryDay = (iso: string | null) => (iso ? formatDay(iso) : 'Never');
