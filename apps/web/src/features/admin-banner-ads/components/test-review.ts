import type { AdminBannerAdDetail, AdminBannerAdRow } from '@pw/contracts';

export const reviewRow = (over: Partial<AdminBannerAdRow> = {}): AdminBannerAdRow => ({
  id: 21,
  name: 'Ruth Tester',
  type: 'user',
  email: 'ruth@example.com',
  brand_name: 'Acme Flowers',
  brand_email: 'hello@acme.test',
  brand_url: 'https://acme.test',
  status: 'pending',
  status_detail: 'pending',
  created_at: '2026-11-20T09:30:00.000Z',
  ...over,
});

export const reviewDetail = (over: Partial<AdminBannerAdDetail> = {}): AdminBannerAdDetail => ({
  id: 21,
  brand_name: 'Acme Flowers',
  brand_email: 'hello@acme.test',
  brand_url: 'https://acme.test',
  images: ['https://media.test/a.png'],
  media: [{ id: 1, media_link: 'https://media.test/a.png' }],
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
  name: 'Willow Funeral Home',
  type: 'funeral-home',
  email: 'willow@example.com',
  reviewed_at: null,
  ...over,
});
