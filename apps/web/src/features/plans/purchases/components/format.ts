import { formatDay } from '@/lib/dates';

/** A life-time plan never expires (docs/product.md §13.8). */
export const formatExpiry = (iso: string | null) => (iso ? formatDay(iso) : 'Life-time');
