import type { BannerAdItem, PlanSummary } from '@pw/contracts';

/** A banner ad request as its requester's calls answer it; `over` sets what a test is about. */
export const bannerAd = (over: Partial<BannerAdItem> = {}): BannerAdItem => ({
  id: 12,
  brand_name: 'Acme Flowers',
  brand_email: 'hello@acme.test',
  brand_url: 'https://acme.test/spring',
  images: ['https://media.test/a.png', 'https://media.test/b.png'],
  media: [
    { id: 1, media_link: 'https://media.test/a.png' },
    { id: 2, media_link: 'https://media.test/b.png' },
  ],
  status: 'pending',
  status_detail: 'pending',
  rejection_reason: null,
  plan: null,
  live_from: null,
  live_until: null,
  is_live: false,
  views: 0,
  clicks: 0,
  created_at: '2026-11-20T09:30:00.000Z',
  ...over,
});

export const bannerPlans: PlanSummary[] = [
  { id: 31, title: 'One Week Banner', price: '9.99', duration: 'weekly', description: 'Seven days.' },
  { id: 32, title: 'Monthly Banner', price: '29.99', duration: 'monthly', description: 'A month.' },
];

export const plansReply = () => ({ body: { data: bannerPlans } });
