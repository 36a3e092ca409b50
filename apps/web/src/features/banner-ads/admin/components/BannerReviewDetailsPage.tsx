import { Link, useParams } from 'react-router';
import { BannerAdFacts } from '@/components/banner-ad/BannerAdFacts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError, errorMessage } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useDecideAd, type Decision } from '../api/decide-ad';
import { useReviewAd } from '../api/get-review-ad';
import { REVIEW_BASE, REVIEW_TEXTS, TABS, userTypeLabel } from '../model/review';
import { EmailAddress } from '@/components/EmailAddress';

/**
 * approved-ads/{id} (read-only) and new-request/{id} (docs/product.md §9.4, §13.5): the request with who sent it.
 * While it is pending the new-request page offers Approve (a question, then 'Banner Ad Request Has Been
 * Approved') and Reject (a question, then the 'Rejection Reason' dialog, then 'Banner Ad Request Has Been
 * Rejected'); the page and the logs are read again after. A refused decision shows the server's words.
 */
export function BannerReviewDetailsPage({ mode }: { mode: 'approved' | 'new-request' }) {
  const title = mode === 'approved' ? 'Approved Ad' : 'New Request';
  useTitle(title);
  const { id = '' } = useParams();
  const ad = useReviewAd(id);
  const decide = useDecideAd();
  const dialog = useDialog();
  const backTab = TABS[mode === 'approved' ? 0 : 1]!;

  const send = async (adId: number, decision: Decision, done: string) => {
    try {
      await decide.mutateAsync({ id: adId, decision });
      await dialog({ variant: 'success', title: done });
    } catch (error) {
      await dialog({ variant: 'unsuccessful', title: 'Unsuccessful', text: errorMessage(error) });
    }
  };

  const approve = async (adId: number) => {
    const asked = await dialog({ variant: 'question', title: REVIEW_TEXTS.approveQuestion });
    if (asked.confirmed) await send(adId, { status: 1 }, REVIEW_TEXTS.approved);
  };

  const reject = async (adId: number) => {
    const asked = await dialog({ variant: 'question', title: REVIEW_TEXTS.rejectQuestion });
    if (!asked.confirmed) return;
    const reason = await dialog({
      variant: 'default',
      title: REVIEW_TEXTS.reasonTitle,
      text: REVIEW_TEXTS.reasonText,
      descriptiveText: true,
    });
    if (!reason.confirmed || !reason.text) return;
    await send(adId, { status: 2, rejection_reason: reason.text }, REVIEW_TEXTS.rejected);
  };

  return (
    <div>
      <nav aria-label="breadcrumb">
        <Link to={`${REVIEW_BASE}?tab=${backTab.param}`} className="small">
          ‹ Back to {backTab.label.toLowerCase()}
        </Link>
      </nav>
      <h1 className="h2 my-3">{title}</h1>
      {ad.isPending ? (
        <Loading />
      ) : ad.isError ? (
        ad.error instanceof ApiError && ad.error.status === 404 ? (
          <ErrorState message="This banner ad request does not exist." />
        ) : (
          <ErrorState onRetry={() => void ad.refetch()} />
        )
      ) : (
        <div className="card">
          <div className="card-body">
            <BannerAdFacts
              ad={ad.data}
              before={
                <>
                  <dt className="col-sm-4">Name</dt>
                  <dd className="col-sm-8 text-break">{ad.data.name}</dd>
                  <dt className="col-sm-4">User Type</dt>
                  <dd className="col-sm-8">{userTypeLabel(ad.data.type)}</dd>
                  <dt className="col-sm-4">Email Address</dt>
                  <dd className="col-sm-8">
                    <EmailAddress email={ad.data.email} />
                  </dd>
                  {ad.data.reviewed_at && (
                    <>
                      <dt className="col-sm-4">Reviewed</dt>
                      <dd className="col-sm-8">{formatWhen(ad.data.reviewed_at)}</dd>
                    </>
                  )}
                </>
              }
            />
            {mode === 'new-request' && ad.data.status_detail === 'pending' && (
              <div className="d-flex flex-wrap gap-2 mt-4">
                {[
                  { text: 'Approve', look: 'btn-success', decide: approve },
                  { text: 'Reject', look: 'btn-outline-danger', decide: reject },
                ].map((decision) => (
                  <button
                    key={decision.text}
                    type="button"
                    className={`btn ${decision.look}`}
                    disabled={decide.isPending}
                    onClick={() => void decision.decide(ad.data.id)}
                  >
                    {decision.text}
                  </button>
                ))}
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
