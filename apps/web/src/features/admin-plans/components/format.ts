/** Spec 001 §9: prices are shown with a $ prefix. */
export const formatPrice = (price: string) => `$${price}`;

/** "Nov 22, 2026, 10:30 AM" in the admin's own zone. */
export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Spec 001 §9: the status filter's values. */
export const STATUS_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
] as const;
