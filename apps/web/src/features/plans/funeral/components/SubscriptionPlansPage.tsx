import { Link, useNavigate } from 'react-router';
import { useTitle } from '@/lib/use-title';
import { PlanCards } from './PlanCards';

/** /funeral/subscription-plans: a plan card goes to the payment page (docs/product.md §13.3). */
export function SubscriptionPlansPage() {
  useTitle('Subscription Plans');
  const navigate = useNavigate();
  return (
    <div className="container py-5">
      <h1>Subscription Plans</h1>
      <p className="lead text-body-secondary">
        A funeral-home plan lists your home for families and lets you publish the messages they share with
        you.
      </p>
      <PlanCards onChoose={(plan) => navigate('payment', { state: { plan } })} />
      <div className="text-center mt-4">
        <Link to="/funeral/user-requests" className="btn btn-outline-primary">
          Skip
        </Link>
      </div>
    </div>
  );
}
