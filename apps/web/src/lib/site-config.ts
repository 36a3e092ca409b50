/**
 * Contact placeholders of the contract ({email}, a phone number, '123 dummy street'): set at build time with
 * VITE_SUPPORT_EMAIL, VITE_SUPPORT_PHONE and VITE_SUPPORT_ADDRESS; the defaults are harmless
 * (reserved .example domain, a 555 number). See docs/product.md §13.5.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const SITE = {
  name: 'Parting Words',
  tagline: 'Preserve Your Voice. Be Remembered The Way You Want',
  supportEmail: env.VITE_SUPPORT_EMAIL || 'support@partingwords.example',
  supportPhone: env.VITE_SUPPORT_PHONE || '+1 (555) 010-2024',
  address: env.VITE_SUPPORT_ADDRESS || '123 dummy street',
  /** docs/product.md §13.3 footer: social links open in a new tab; the targets are placeholders. */
  social: {
    x: env.VITE_SOCIAL_X || 'https://x.com/',
    facebook: env.VITE_SOCIAL_FACEBOOK || 'https://www.facebook.com/',
    instagram: env.VITE_SOCIAL_INSTAGRAM || 'https://www.instagram.com/',
    linkedin: env.VITE_SOCIAL_LINKEDIN || 'https://www.linkedin.com/',
  },
} as const;
