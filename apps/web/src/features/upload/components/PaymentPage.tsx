import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { Icon } from '@/components/Icon';
import Button from 'react-bootstrap/Button';
import { useGoBack } from '@/lib/use-go-back';
import { useTitle } from '@/lib/use-title';
import { FREE_VIDEO_SECONDS } from '@pw/contracts';

/**
 * /user/video/upload/payment: buying extra minutes for one upload (spec §4 'Pay now'). The payments
 * capability is not built yet, so this page says so plainly instead of showing a form that cannot
 * work (docs/decisions/0051-extra-time-payment-page.md). The edit list stays stored, so Back returns
 * to the clips as they were.
 */
export function PaymentPage() {
  useTitle('Payment');
  const back = useGoBack('/user/video/upload');
  return (
    <div className="container py-4 page-narrow">
      <h1 className="h2">Buy extra video time</h1>
      <div className="card p-4 mt-3">
        <p>
          Videos up to {FREE_VIDEO_SECONDS} seconds in total are free. Longer videos need extra minutes,
          bought once for the upload at the price per minute.
        </p>
        <p className="mb-0">
          <strong>Buying extra time is not available yet</strong>, so no price per minute can be shown and
          nothing will be charged. Until it opens, shorten your video: remove or reselect clips so the total
          is {FREE_VIDEO_SECONDS} seconds or less.
        </p>
      </div>
      <div className="mt-3">
        <Button onClick={() => back()}>
          <Icon svg={arrowLeftIcon} className="me-2" />
          Back to your video
        </Button>
      </div>
    </div>
  );
}
