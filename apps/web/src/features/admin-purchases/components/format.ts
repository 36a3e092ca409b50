/** Spec 001 §9: prices are shown with a $ prefix. */
export const formatPrice = (price: string) => `$${price}`;

/** "Nov 22, 2026": the day in the admin's own zone (the filters pick days in that zone too). */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** A life-time plan never expires (decision 0177). */
export const formatExpiry = (iso: string | null) => (iso ? formatDay(iso) : 'Life-time');
