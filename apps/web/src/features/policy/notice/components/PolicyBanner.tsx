import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from 'react-bootstrap';
import { POLICY_MESSAGES, policyDateText } from '@pw/contracts';
import { errorMessage } from '@/lib/api';
import { usePolicyNotice } from '../api/get-notice';
import { useAcknowledgePolicy } from '../api/acknowledge';

/**
 * The notice of a new policy version at the top of every signed-in page (docs/product.md §11.7) until the
 * account acknowledges it. Closing it hides it for this page view only; it comes back on the next
 * visit, as long as the version is not acknowledged. Nothing while it is being read, or when it fails.
 */
export default function PolicyBanner() {
  const { data } = usePolicyNotice();
  const acknowledge = useAcknowledgePolicy();
  const [closed, setClosed] = useState(false);
  if (!data?.must_acknowledge || closed) return null;
  return (
    <div className="container pt-3">
      <Alert
        variant="info"
        dismissible
        onClose={() => setClosed(true)}
        closeLabel="Close"
        className="mb-0"
        aria-labelledby="policy-notice-title"
        id="policy-notice"
      >
        <h2 id="policy-notice-title" className="h5 alert-heading">
          {POLICY_MESSAGES.updatedTitle}
        </h2>
        <p>
          Version {data.version}, in effect from {policyDateText(data.date)}. Please read the{' '}
          <Link to="/policy">Privacy Policy</Link> and the <Link to="/terms">Terms and Conditions</Link>.
        </p>
        {acknowledge.isError && (
          <p className="text-danger small" role="alert">
            {errorMessage(acknowledge.error)}
          </p>
        )}
        <Button
          variant="primary"
          size="sm"
          disabled={acknowledge.isPending}
          onClick={() => acknowledge.mutate(data.version)}
        >
          I have read them
        </Button>
      </Alert>
    </div>
  );
}
