import type { AdminAccountSubscription } from '@pw/contracts';
import { EmptyState } from '@/components/EmptyState';
import { formatDay } from '@/lib/dates';
import { durationLabel, priceLabel } from '@/lib/plan-labels';

const STATUS_LABELS: Record<AdminAccountSubscription['status'], string> = {
  active: 'Active',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const STATUS_CLASSES: Record<AdminAccountSubscription['status'], string> = {
  active: 'text-bg-success',
  cancelled: 'text-bg-warning',
  expired: 'text-bg-secondary',
};

/** One kind of subscription on an account's details (docs/product.md §13.4: each with plan.title), newest first. */
export function SubscriptionTable({
  title,
  subscriptions,
}: {
  title: string;
  subscriptions: AdminAccountSubscription[];
}) {
  return (
    <section className="card mb-4" aria-label={title}>
      <div className="card-body">
        <h2 className="h5">{title}</h2>
        {subscriptions.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="table-responsive">
            <table className="table align-middle mb-0">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Price</th>
                  <th scope="col">Status</th>
                  <th scope="col">Purchase Date</th>
                  <th scope="col">Expiry Date</th>
                </tr>
              </thead>
              <tbody>
                {subscriptions.map((subscription) => (
                  <tr key={subscription.id}>
                    <td className="wrap-words">{subscription.plan.title}</td>
                    <td>{durationLabel(subscription.plan.duration)}</td>
                    <td>{priceLabel(subscription.price)}</td>
                    <td>
                      <span className={`badge ${STATUS_CLASSES[subscription.status]}`}>
                        {STATUS_LABELS[subscription.status]}
                      </span>
                    </td>
                    <td className="text-nowrap">{formatDay(subscription.purchase_date)}</td>
                    <td className="text-nowrap">
                      {/* A life-time plan never expires (docs/product.md §13.8). */}
                      {subscription.expiry_date ? formatDay(subscription.expiry_date) : 'Life-time'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
