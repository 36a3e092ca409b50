import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useHomePlans } from '../api/get-home-plans';
import { planDetailsPath } from '../model/plan-flow';

interface Item {
  id: number;
  title: string;
  description?: string | null;
}

/**
 * The plans on offer: nothing active reads 'No data found :('; a failure, a missing call included, shows
 * the server's message in red (spec 000 §8), never an empty list.
 */
function PlansList({
  query,
  skip,
  action,
}: {
  query: { isPending: boolean; error: unknown; data?: { data: Item[] } };
  skip: ReactNode;
  /** What each card offers (the user's categories: 'View Details'). */
  action?: (item: Item) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.error) {
    return (
      <>
        <FormError message={errorMessage(query.error, FETCH_FAILED_MESSAGE)} />
        <div className="mt-3">{skip}</div>
      </>
    );
  }
  const items = query.data?.data ?? [];
  if (items.length === 0) return <EmptyState>{skip}</EmptyState>;
  return (
    <>
      <div className="row g-4">
        {items.map((item) => (
          <div className="col-md-6 col-lg-4" key={item.id}>
            <div className="card h-100 p-4 d-flex flex-column">
              <h2 className="h4">{item.title}</h2>
              {item.description && <p className="text-body-secondary mb-0">{item.description}</p>}
              {action && <div className="mt-auto">{action(item)}</div>}
            </div>
          </div>
        ))}
      </div>
      <div className="text-center mt-4">{skip}</div>
    </>
  );
}

/** /user/subscription-plans (spec 000 §2): the plan categories, each with 'View Details', and 'Skip'. */
export function UserSubscriptionPlansPage() {
  useTitle('Subscription Plans');
  const query = useHomePlans();
  const skip = (
    <Link to="/user/home" className="btn btn-outline-primary">
      Skip
    </Link>
  );
  return (
    <div className="container py-5">
      <h1>Subscription Plans</h1>
      <p className="lead text-body-secondary">
        Choose the plan that fits how you want to keep and share your messages.
      </p>
      <PlansList
        query={query}
        skip={skip}
        action={(category) => (
          <Link
            to={planDetailsPath('subscription-plans', category.id)}
            className="btn btn-primary mt-3 align-self-start"
            aria-label={`View Details of ${category.title}`}
          >
            View Details
          </Link>
        )}
      />
    </div>
  );
}
