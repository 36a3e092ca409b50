import type { AdminBannerAdDetail, AdminBannerAdRow } from '@pw/contracts';
import { bannerAd } from '@/test/banner-ad-fixture';

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
  ...bannerAd({
    id: 21,
    images: ['https://media.test/a.png'],
    media: [{ id: 1, media_link: 'https://media.test/a.png' }],
  }),
  name: 'Willow Funeral Home',
  type: 'funeral-home',
  email: 'willow@example.com',
  reviewed_at: null,
  ...over,
});
