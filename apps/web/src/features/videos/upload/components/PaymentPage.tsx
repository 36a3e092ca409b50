import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import Button from 'react-bootstrap/Button';
import { FREE_VIDEO_SECONDS, PAYMENT_SUCCESS_MESSAGE } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { EmptyState } from '@/components/EmptyState';
import { Icon } from '@/components/Icon';
import { Loading } from '@/components/Loading';
import { ExtraTimePayment } from '@/components/payment';
import { useClipDurations } from '@/lib/edit-list/use-clip-durations';
import { useEditList } from '@/lib/edit-list/use-edit-list';
import type { ChosenExtraTime } from '@/lib/extra-time';
import { useGoBack } from '@/lib/use-go-back';
import { useTitle } from '@/lib/use-title';
import { savePaidExtraTime } from '../model/paid-extra-time';
import { isOverLimit } from '../model/upload-flow';

const UPLOAD_PATH = '/user/video/upload';

/**
 * /user/video/upload/payment (docs/product.md §13.3, §13.5 'Pay now', docs/product.md §3.4): the minutes the
 * edited video needs beyond the free 60 seconds, their price at the current rate, and the card form. The
 * length is measured from the stored edit list (so a reload keeps working); once paid, the payment id is kept
 * for the upload and the person goes back to their clips to save the video.
 */
export function PaymentPage() {
  useTitle('Payment');
  const dialog = useDialog();
  const back = useGoBack(UPLOAD_PATH);
  const { items, loaded } = useEditList();
  const durations = useClipDurations(items);

  const onPaid = async ({ paymentId, seconds, bought }: ChosenExtraTime) => {
    savePaidExtraTime({ paymentId, seconds });
    await dialog({
      variant: 'success',
      title: bought ? PAYMENT_SUCCESS_MESSAGE : 'Extra time applied',
      text: 'Your extra time is ready. Press Upload to save your video.',
    });
    back();
  };

  let body;
  if (!loaded || durations.measuring) body = <Loading label="Measuring your clips…" />;
  else if (items.length === 0 || !isOverLimit(durations.total))
    body = (
      <EmptyState
        text={
          items.length === 0
            ? 'There is no video to buy extra time for.'
            : `Your video fits in the free ${FREE_VIDEO_SECONDS} seconds: no extra time is needed.`
        }
      />
    );
  else body = <ExtraTimePayment totalSeconds={durations.total} onPaid={onPaid} />;

  return (
    <div className="container py-4 page-narrow">
      <h1 className="h2">Buy extra video time</h1>
      <p className="text-body-secondary">
        Videos up to {FREE_VIDEO_SECONDS} seconds in total are free. Longer videos need extra minutes, bought
        at the price per minute; minutes you do not use now stay yours for a later upload or merge.
      </p>
      <div className="card p-4 mt-3">{body}</div>
      <div className="mt-3">
        <Button variant="outline-primary" onClick={() => back()}>
          <Icon svg={arrowLeftIcon} className="me-2" />
          Back to your video
        </Button>
      </div>
    </div>
  );
}
