/** "Nov 22, 2026" in the person's own zone; a life-time plan has no expiry. */
export const formatDay = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : 'Never';
