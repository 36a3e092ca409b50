import { policyDateText } from '@pw/contracts';
import { usePolicyVersion } from '../api/get-policy-version';

/**
 * "Version 2, last updated November 20, 2026" under the privacy policy's and the terms' titles: both
 * documents carry the one version the operator configures (docs/product.md §11.7). Nothing until it is known.
 */
export function PolicyVersionLine() {
  const { data } = usePolicyVersion();
  if (!data) return null;
  return (
    <p className="text-body-secondary" data-testid="policy-version">
      Version {data.version}, last updated {policyDateText(data.date)}
    </p>
  );
}
