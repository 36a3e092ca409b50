import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AD_LIVE_MESSAGE, PAYMENT_SUCCESS_MESSAGE, BANNER_MESSAGES } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { Loading } from '@/components/Loading';
import { PaymentCardForm, useCardPayment, type PaymentCardValues } from '@/components/payment';
import { errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { durationLabel, priceLabel } from '@/lib/plan-labels';
import { useTitle } from '@/lib/use-title';
import { useBannerAd } from '../api/get-banner-ad';
import { useBannerPlans } from '../api/get-banner-plans';
import { usePayBannerPlan } from '../api/pay-banner-plan';
import { adPath, awaitsPayment, idFrom, type BannerArea } from '../model/banner-areas';
import { AdReadError } from './BannerAdPage';
import { BackLink } from '@/components/BackLink';

/**
 * banner-ads/{id}/payment?plan={planId} (docs/product.md §13.3, §13.5): the shared card form pays the chosen banner
 * plan for this approved request (`banner_ad_id`); 'Payment Successfully Made!', then 'Your Ad Is Live
 * Successfully!', then back to the ad. Only an approved, unpaid request can be paid.
 */
export function BannerAdPaymentPage({ area }: { area: BannerArea }) {
  useTitle('Payment');
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const planId = idFrom(search.get('plan'));
  const navigate = useNavigate();
  const dialog = useDialog();
  const ad = useBannerAd(area, id);
  const plans = useBannerPlans(area);
  const pay = usePayBannerPlan(area);
  const payment = useCardPayment();
  const plan = plans.data?.find((offered) => offered.id === planId);

  const onSubmit = (card: PaymentCardValues) => {
    if (!plan || !ad.data || pay.isPending) return;
    const adId = ad.data.id;
    payment.start();
    pay.mutate(
      { planId: plan.id, adId, card, headers: payment.headers },
      {
        onSuccess: async () => {
          payment.paid();
          await dialog({ variant: 'success', title: PAYMENT_SUCCESS_MESSAGE });
          await dialog({ variant: 'success', title: AD_LIVE_MESSAGE });
          void navigate(adPath(area, adId), { replace: true });
        },
        onError: payment.refused,
      },
    );
  };

  const body = () => {
    if (ad.isPending || plans.isPending) return <Loading />;
    if (ad.isError) return <AdReadError error={ad.error} onRetry={() => void ad.refetch()} />;
    if (plans.isError) return <FormError message={errorMessage(plans.error, FETCH_FAILED_MESSAGE)} />;
    // The page of an ad already paid (or not approved) has nothing to pay: say so, and lead back.
    if (!awaitsPayment(ad.data))
      return (
        <EmptyState
          text={ad.data.plan ? BANNER_MESSAGES.alreadyPaid : 'Only an approved request can be paid for.'}
        >
          <Link to={adPath(area, ad.data.id)} className="btn btn-outline-primary">
            Back to the ad
          </Link>
        </EmptyState>
      );
    if (!plan)
      return (
        <EmptyState text="This package is not on offer any more.">
          <Link to={adPath(area, ad.data.id)} className="btn btn-outline-primary">
            Choose a package
          </Link>
        </EmptyState>
      );
    return (
      <div className="card p-4">
        <h2 className="h4 mb-1 text-break">{plan.title}</h2>
        <p className="mb-1 text-break">
          For the ad of <strong>{ad.data.brand_name}</strong>
        </p>
        <p className="mb-1">
          Amount: <strong>{priceLabel(plan.price)}</strong> / {durationLabel(plan.duration)}
        </p>
        <hr />
        <PaymentCardForm
          amount={plan.price}
          submitting={pay.isPending}
          {...payment.refusal}
          onSubmit={onSubmit}
        />
      </div>
    );
  };

  return (
    <div className="container py-5 page-narrow">
      <BackLink to={adPath(area, id)}>Back</BackLink>
      <h1 className="h2 mb-3">Payment</h1>
      {body()}
    </div>
  );
}
