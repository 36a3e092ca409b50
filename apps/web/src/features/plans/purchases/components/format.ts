import { formatDay } from '@/lib/dates';

/** A life-time plan never expires (decision 0177). */
export const formatExpiry = (iso: string | null) => (iso ? formatDay(iso) : 'Life-time');
