import type { ReactNode } from 'react';
import { BANNER_COUNTS_NOTE, type BannerAdItem } from '@pw/contracts';
import { formatDay, formatWhen } from '@/lib/dates';
import { durationLabel } from '@/lib/plan-labels';
import { BannerAdImages } from './BannerAdImages';
import { BannerAdStatusBadge } from './BannerAdStatusBadge';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{term}</dt>
      <dd className="col-sm-8 text-break">{children}</dd>
    </>
  );
}

/**
 * A banner ad request as both its requester and the back office read it (docs/product.md §13.4):
 * the brand, its state, the rejection reason when present, the plan and live dates once paid, the views
 * and clicks the slot counted (each reader once a day), and the images. `before` adds rows on top (the admin's requester).
 */
export function BannerAdFacts({ ad, before }: { ad: BannerAdItem; before?: ReactNode }) {
  return (
    <dl className="row mb-0">
      {before}
      <Row term="Brand Name">{ad.brand_name}</Row>
      <Row term="Brand Email">
        <a href={`mailto:${ad.brand_email}`}>{ad.brand_email}</a>
      </Row>
      <Row term="Brand URL">
        <a href={ad.brand_url} target="_blank" rel="noopener noreferrer">
          {ad.brand_url}
        </a>
      </Row>
      <Row term="Status">
        <BannerAdStatusBadge status={ad.status_detail} live={ad.is_live} />
      </Row>
      <Row term="Date">{formatWhen(ad.created_at)}</Row>
      {ad.rejection_reason && (
        <Row term="Rejection Reason">
          <span style={{ whiteSpace: 'pre-wrap' }}>{ad.rejection_reason}</span>
        </Row>
      )}
      {ad.plan && (
        <>
          <Row term="Plan">
            {ad.plan.title} ({durationLabel(ad.plan.duration)})
          </Row>
          {ad.live_from && (
            <Row term="Live Dates">
              {formatDay(ad.live_from)} – {ad.live_until ? formatDay(ad.live_until) : 'no end date'}
            </Row>
          )}
        </>
      )}
      <Row term="Views">{ad.views}</Row>
      <Row term="Clicks">{ad.clicks}</Row>
      <dd className="col-sm-8 offset-sm-4 small text-body-secondary">{BANNER_COUNTS_NOTE}</dd>
      <Row term="Images">
        <BannerAdImages images={ad.images} brand={ad.brand_name} />
      </Row>
    </dl>
  );
}
