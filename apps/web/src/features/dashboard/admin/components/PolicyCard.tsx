import { policyDateText, type PolicyAcknowledgements } from '@pw/contracts';
import { usePolicyAcknowledgements } from '../api/get-policy-acknowledgements';

const figure = (value: number) => value.toLocaleString('en-US');

/** The card's second line: where the announcement stands. */
export function policyCardHint(data: PolicyAcknowledgements): string {
  if (!data.announced) return 'The first version of this installation: nobody is asked to acknowledge it';
  if (!data.announcement_finished) return `Being announced: ${figure(data.told)} accounts told so far`;
  return `Announced to ${figure(data.told)} accounts`;
}

/**
 * The privacy policy's version in force and how many of the accounts asked (active users and funeral
 * homes that existed when it took effect) have acknowledged it (docs/product.md §11.7). Nothing while loading
 * or on a failure: the counts above are the page's main figures.
 */
export function PolicyCard() {
  const { data } = usePolicyAcknowledgements();
  if (!data) return null;
  return (
    <section className="card card-body mb-4" aria-labelledby="policy-card-title" data-testid="policy-card">
      <h2 id="policy-card-title" className="h6 text-body-secondary mb-1">
        Privacy Policy and Terms: version {data.version} ({policyDateText(data.date)})
      </h2>
      <p className="h3 mb-0">
        {figure(data.acknowledged)} of {figure(data.asked)} acknowledged
      </p>
      <p className="small text-body-secondary mb-0">{policyCardHint(data)}</p>
    </section>
  );
}
