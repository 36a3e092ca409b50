import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ActivePlan, ActiveSubscription } from '@pw/contracts';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { durationLabel, priceLabel } from '@/lib/plan-labels';
import { useCurrentPlans } from '../api/get-current-plans';
import { useHomePlans } from '../api/get-home-plans';
import { MEMBERSHIP_ADDS } from '../model/membership-texts';
import { planDetailsPath } from '../model/plan-flow';
import { priceRange, renewalText } from '../model/plan-format';
import { RenewalButton } from './RenewalButton';

interface Item {
  id: number;
  title: string;
  description?: string | null;
  /** A category's plans: its card shows their price range. */
  plans?: { id: number; price: string }[];
}

/**
 * The plans on offer: nothing active reads 'No data found :('; a failure, a missing call included, shows
 * the server's message in red (docs/product.md §13.5), never an empty list.
 */
function PlansList({
  query,
  skip,
  action,
  held = [],
}: {
  query: { isPending: boolean; error: unknown; data?: { data: Item[] } };
  skip: ReactNode;
  /** What each card offers (the user's categories: 'View Details'). */
  action?: (item: Item) => ReactNode;
  /** The plans the person holds: the category that has one says so. */
  held?: ActiveSubscription[];
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
              {item.plans && priceRange(item.plans) && (
                <p className="fs-5 fw-semibold mb-2">{priceRange(item.plans)}</p>
              )}
              {item.description && <p className="text-body-secondary mb-0">{item.description}</p>}
              {held
                .filter((plan) => item.plans?.some((offered) => offered.id === plan.plan_id))
                .map((plan) => (
                  <p key={plan.id} className="mt-2 mb-0">
                    <span className="badge text-bg-success">Your plan</span> {plan.title}
                  </p>
                ))}
              {action && <div className="mt-auto">{action(item)}</div>}
            </div>
          </div>
        ))}
      </div>
      <div className="text-center mt-4">{skip}</div>
    </>
  );
}

/** One running plan: its title, price, when it renews or ends, and the switch for its renewal. */
function HeldPlan({ plan }: { plan: ActiveSubscription }) {
  return (
    <li>
      <strong>{plan.title}</strong>{' '}
      <span className="text-body-secondary">
        ({priceLabel(plan.price)} / {durationLabel(plan.duration)})
      </span>{' '}
      — {renewalText(plan)}
      <RenewalButton plan={plan} />
    </li>
  );
}

/** The plans the person holds now, with their renewal dates; or that they use the free plan. */
function CurrentPlans({ query }: { query: { isPending: boolean; isError: boolean; data?: ActivePlan } }) {
  if (query.isPending) return <Loading className="py-2" label="Reading your plan…" />;
  if (query.isError) return <p className="text-body-secondary">Your current plan could not be read.</p>;
  const held = heldPlans(query.data);
  return (
    <section className="card p-4 mb-4" aria-labelledby="current-plan-heading">
      <h2 id="current-plan-heading" className="h5">
        Your plan
      </h2>
      {held.length === 0 ? (
        <p className="mb-0">You have no membership: you are using Parting Words free.</p>
      ) : (
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {held.map((plan) => (
            <HeldPlan key={plan.id} plan={plan} />
          ))}
        </ul>
      )}
    </section>
  );
}

const heldPlans = (active: ActivePlan | undefined): ActiveSubscription[] =>
  [active?.home_plan, active?.ad_free].filter((plan): plan is ActiveSubscription => !!plan);

/**
 * /user/subscription-plans (docs/product.md §13.3): the plan the person holds and when it renews, what a membership
 * adds to the free use, and the plan categories with their price range, each with 'View Details', and
 * 'Skip' (docs/product.md §7.6).
 */
export function UserSubscriptionPlansPage() {
  useTitle('Subscription Plans');
  const query = useHomePlans();
  const current = useCurrentPlans();
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
      <p>{MEMBERSHIP_ADDS}</p>
      <CurrentPlans query={current} />
      <PlansList
        query={query}
        skip={skip}
        held={heldPlans(current.data)}
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
