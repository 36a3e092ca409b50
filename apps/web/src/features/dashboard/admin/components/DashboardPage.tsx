import { useSearchParams } from 'react-router';
import { browserTimeZone, localDateIso } from '@/lib/dates';
import { useSessionUser } from '@/lib/session';
import { useTitle } from '@/lib/use-title';
import { readChoice, toChartRange } from '../api/range';
import { CountCards } from './CountCards';
import { PolicyCard } from './PolicyCard';
import { RangePicker } from './RangePicker';
import { RevenueChart } from './RevenueChart';
import { SignupsChart } from './SignupsChart';

/**
 * /admin/dashboard (docs/product.md §9.1): the landing page after an admin signs in. The counts as cards, each
 * linking to its list, then revenue by plan and sign-ups over the range picked (kept in the URL), in
 * days of the admin's own zone.
 */
export function DashboardPage() {
  useTitle('Dashboard');
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const choice = readChoice(params, localDateIso());
  const { range, error } = toChartRange(choice, browserTimeZone());
  return (
    <div>
      <h1 className="h2">Dashboard</h1>
      <p className="lead text-body-secondary">
        Welcome back{user?.first_name ? `, ${user.first_name}` : ''}. Use the menu to manage users, funeral
        homes, plans, banner ads and queries.
      </p>
      <CountCards />
      <PolicyCard />
      <RangePicker
        choice={choice}
        error={error}
        onChange={(change) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              for (const [key, value] of Object.entries(change)) next.set(key, value);
              if (next.get('range') !== 'custom') {
                next.delete('from_date');
                next.delete('to_date');
              }
              return next;
            },
            { replace: true },
          )
        }
      />
      <div className="row">
        <div className="col-12 col-xl-6">
          <RevenueChart range={range} />
        </div>
        <div className="col-12 col-xl-6">
          <SignupsChart range={range} />
        </div>
      </div>
    </div>
  );
}
