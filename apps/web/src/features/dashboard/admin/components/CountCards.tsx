import { Link } from 'react-router';
import { OPEN_QUERY_DAYS, type DashboardCounts } from '@pw/contracts';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { useDashboardCounts } from '../api/get-counts';

interface Card {
  label: string;
  value: number;
  /** The list the figure comes from; deliveries have no admin list. */
  to?: string;
  hint?: string;
}

const figure = (value: number) => value.toLocaleString('en-US');

/** The cards, in the sidebar's order (docs/product.md §9.1), each linking to its list. */
export function countCards(counts: DashboardCounts): Card[] {
  const plans = counts.active_subscriptions;
  return [
    { label: 'Users', value: counts.users, to: '/admin/user-management' },
    { label: 'Funeral Homes', value: counts.funeral_homes, to: '/admin/funeral-homes-management' },
    { label: 'Active Memberships', value: plans.membership, to: '/admin/time-subscription-management' },
    { label: 'Active Ad-Free Plans', value: plans['ad-free'], to: '/admin/adfree-subscription-management' },
    {
      label: 'Active Funeral Home Plans',
      value: plans['funeral-home'],
      to: '/admin/funeralhomes-subscription-management',
    },
    {
      label: 'Active Banner Plans',
      value: plans['banner-ad'],
      to: '/admin/bannerads-subscription-management',
    },
    { label: 'Live Ads', value: counts.live_ads, to: '/admin/bannerads-subscription-management' },
    {
      label: 'Pending Ad Requests',
      value: counts.pending_ad_requests,
      to: '/admin/bannerads-subscription-management',
    },
    {
      label: 'Open Queries',
      value: counts.open_queries,
      to: '/admin/queries-management',
      hint: `Received in the last ${OPEN_QUERY_DAYS} days`,
    },
    { label: 'Deliveries Scheduled', value: counts.deliveries_scheduled },
    { label: 'Deliveries Delivered', value: counts.deliveries_delivered },
    // Restored by an operator from a backup (docs/operations.md): no screen to go to.
    {
      label: 'Damaged Files',
      value: counts.damaged_media,
      hint: 'Found missing or altered in storage',
    },
  ];
}

/** The dashboard's counts as cards; a card with a list is a link to it. */
export function CountCards() {
  const query = useDashboardCounts();
  if (query.isPending) return <Loading label="Loading the counts…" />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  return (
    <ul className="dashboard-cards list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 mb-4">
      {countCards(query.data).map((card) => {
        const body = (
          <>
            <span className="d-block small text-body-secondary">{card.label}</span>
            <span className="d-block h3 mb-0">{figure(card.value)}</span>
            {card.hint && <span className="d-block small text-body-secondary">{card.hint}</span>}
          </>
        );
        return (
          <li key={card.label} className="col">
            {card.to ? (
              <Link
                to={card.to}
                className="card card-body h-100 text-decoration-none text-body dashboard-card-link"
              >
                {body}
              </Link>
            ) : (
              <div className="card card-body h-100">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
