import { Link, useSearchParams } from 'react-router';
import type { PlanCategory } from '@pw/contracts';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useHomePlans } from '../api/get-home-plans';
import { durationLabel, priceLabel } from '@/lib/plan-labels';
import { flowStartPath, idFromSearch, planPaymentPath, type PlanFlowBase } from '../model/plan-flow';
import { BackLink } from '@/components/BackLink';

/** One category's plans as cards: title, '$'+price per duration, description, 'Pay Now'. */
function CategoryPlans({ category, base }: { category: PlanCategory; base: PlanFlowBase }) {
  return (
    <section className="mb-4" aria-labelledby={`category-${category.id}`}>
      <h2 id={`category-${category.id}`} className="h4">
        {category.title}
      </h2>
      {category.description && <p className="text-body-secondary">{category.description}</p>}
      {category.plans.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="row g-4">
          {category.plans.map((plan) => (
            <div className="col-md-6 col-lg-4" key={plan.id}>
              <article className="card h-100 p-4 d-flex flex-column" aria-label={plan.title}>
                <h3 className="h5">{plan.title}</h3>
                <p className="fs-4 mb-2">
                  <strong>{priceLabel(plan.price)}</strong>
                  <span className="text-body-secondary fs-6"> / {durationLabel(plan.duration)}</span>
                </p>
                {plan.description && <p className="text-body-secondary">{plan.description}</p>}
                <Link
                  to={planPaymentPath(base, plan.id)}
                  className="btn btn-primary mt-auto align-self-start"
                  aria-label={`Pay Now for ${plan.title}`}
                >
                  Pay Now
                </Link>
              </article>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * /user/{subscription-plans|subscription-logs}/plan-details (docs/product.md §13.3): the plans of the category in
 * ?category=, or of every category when none is named (the logs' 'Buy a Plan').
 */
export function PlanDetailsPage({ base }: { base: PlanFlowBase }) {
  useTitle('Plan Details');
  const [search] = useSearchParams();
  const categoryId = idFromSearch(search, 'category');
  const query = useHomePlans();
  const categories = (query.data?.data ?? []).filter(
    (category) => categoryId === null || category.id === categoryId,
  );

  return (
    <div className="container py-5">
      <BackLink to={flowStartPath(base)}>Back</BackLink>
      <h1>Plan Details</h1>
      {query.isPending ? (
        <Loading />
      ) : query.error ? (
        <FormError message={errorMessage(query.error, FETCH_FAILED_MESSAGE)} />
      ) : categories.length === 0 ? (
        <EmptyState />
      ) : (
        categories.map((category) => <CategoryPlans key={category.id} category={category} base={base} />)
      )}
    </div>
  );
}

export const PlansFlowDetailsPage = () => <PlanDetailsPage base="subscription-plans" />;
export const LogsFlowDetailsPage = () => <PlanDetailsPage base="subscription-logs" />;
