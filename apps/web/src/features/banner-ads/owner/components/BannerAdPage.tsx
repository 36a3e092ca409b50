import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { INVALID_OPTION, type BannerAdItem } from '@pw/contracts';
import { BannerAdFacts } from '@/components/banner-ad/BannerAdFacts';
import { EmptyState } from '@/components/EmptyState';
import { FormError } from '@/components/form/FormError';
import { useBodyForm } from '@/components/form/use-body-form';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError, errorMessage, FETCH_FAILED_MESSAGE } from '@/lib/api';
import { durationLabel, priceLabel } from '@/lib/plan-labels';
import { useTitle } from '@/lib/use-title';
import { useBannerAd } from '../api/get-banner-ad';
import { useBannerPlans } from '../api/get-banner-plans';
import { adPaymentPath, awaitsPayment, type BannerArea } from '../model/banner-areas';
import { BackLink } from '@/components/BackLink';

export const NOT_FOUND_TEXT = 'This banner ad request does not exist.';

/** A failed read of one request: its own words for a 404, else the contract's 'Unable to fetch data'. */
export function AdReadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return error instanceof ApiError && error.status === 404 ? (
    <ErrorState message={NOT_FOUND_TEXT} />
  ) : (
    <ErrorState onRetry={onRetry} />
  );
}

/** docs/product.md §13.3, §13.5: an approved request offers the banner plans of the role; the chosen one goes to payment. */
function PackageChoice({ area, ad }: { area: BannerArea; ad: BannerAdItem }) {
  const plans = useBannerPlans(area);
  const navigate = useNavigate();
  // No call yet (the plan goes to the payment page's address): only 'a package is chosen'.
  const { register, handleSubmit, watch, message } = useBodyForm<{ plan: string }>({
    schema: z.object({ plan: z.string().min(1, INVALID_OPTION) }),
    defaultValues: { plan: '' },
    focusFirstError: false,
  });
  const chosen = Number(watch('plan')) || null;
  const submit = handleSubmit(({ plan }) => void navigate(adPaymentPath(area, ad.id, Number(plan))));
  return (
    <section className="card p-4 mt-4" aria-labelledby="package-heading">
      <h2 id="package-heading" className="h4">
        Choose a package
      </h2>
      <p className="text-body-secondary">Your request has been approved. Choose how long your ad runs.</p>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <FormError message={errorMessage(plans.error, FETCH_FAILED_MESSAGE)} className="mt-0" />
      ) : plans.data.length === 0 ? (
        <EmptyState text="No banner packages are on offer at the moment." />
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <fieldset>
            <legend className="visually-hidden">Banner packages</legend>
            <div className="d-grid gap-2">
              {plans.data.map((plan) => (
                <label
                  key={plan.id}
                  className={`banner-package card p-3${chosen === plan.id ? ' border-primary' : ''}`}
                >
                  <span className="d-flex align-items-start gap-2">
                    <input
                      type="radio"
                      className="form-check-input mt-1"
                      value={plan.id}
                      {...register('plan')}
                    />
                    <span className="min-w-0">
                      <span className="d-block fw-semibold text-break">{plan.title}</span>
                      <span className="d-block">
                        {priceLabel(plan.price)} / {durationLabel(plan.duration)}
                      </span>
                      {plan.description && (
                        <span className="d-block small text-body-secondary text-break">
                          {plan.description}
                        </span>
                      )}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {message && <FormError message={message} />}
          <button type="submit" className="btn btn-primary mt-3">
            Continue to payment
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * banner-ads/{id} (docs/product.md §13.3, §13.5): the request as sent, its state, the reason when it was rejected,
 * once paid its plan and live dates, and the views and clicks counted. An approved, unpaid request
 * offers the package choice.
 */
export function BannerAdPage({ area }: { area: BannerArea }) {
  useTitle('Banner Ad');
  const { id = '' } = useParams();
  const ad = useBannerAd(area, id);
  return (
    <div className="container py-5">
      <div className="page-narrow-lg">
        <BackLink to={area.base}>Banner Ads Logs</BackLink>
        <h1 className="h2 mb-4">Banner Ad</h1>
        {ad.isPending ? (
          <Loading />
        ) : ad.isError ? (
          <AdReadError error={ad.error} onRetry={() => void ad.refetch()} />
        ) : (
          <>
            <div className="card">
              <div className="card-body">
                <BannerAdFacts ad={ad.data} />
              </div>
            </div>
            {awaitsPayment(ad.data) && <PackageChoice area={area} ad={ad.data} />}
          </>
        )}
      </div>
    </div>
  );
}
