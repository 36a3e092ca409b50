import { z } from 'zod';
import { policyDateText } from '@pw/contracts';
import { render, type RenderedMail } from '../../platform/mail/templates';
import { defineMail, type Envelope } from '../../platform/mail/define';
import type { PolicyRepo } from './policy.repo';

/**
 * The announcement of a new version of the privacy policy and terms (docs/product.md §11.7): which version,
 * from when, where to read both, and that the signed-in pages ask for an acknowledgement.
 */
export function policyUpdatedMail(input: {
  firstName: string | null;
  version: string;
  /** The day it took effect, as written for people ("26 November 2026"). */
  dateText: string;
  policyUrl: string;
  termsUrl: string;
}): RenderedMail {
  return render({
    subject: 'We have updated our Privacy Policy and Terms',
    name: input.firstName,
    blocks: [
      {
        paragraph: `Our Privacy Policy and Terms and Conditions have changed: version ${input.version}, in effect from ${input.dateText}.`,
      },
      { paragraph: 'Please read them. The next time you sign in, we will ask you to confirm that you have.' },
      { button: { label: 'Read the Privacy Policy', url: input.policyUrl } },
      { link: { label: 'Read the Terms and Conditions', url: input.termsUrl } },
      {
        note: 'You receive this e-mail because you have a Parting Words account and we tell every account when these documents change.',
      },
    ],
  });
}

/** What the announcement reads when it is written. */
export interface PolicyMailContext {
  repo: Pick<PolicyRepo, 'recipient'>;
  publicUrl: string;
}

/** One queued announcement; dropped for an account gone or no longer active. */
export const policyUpdatedMailKind = defineMail({
  kind: 'policy-updated',
  params: z.object({ version: z.string(), date: z.string() }),
  async compose(p, { repo, publicUrl }: PolicyMailContext, { accountId }: Envelope) {
    if (accountId === null) return null;
    const recipient = await repo.recipient(accountId);
    if (!recipient) return null;
    return policyUpdatedMail({
      firstName: recipient.firstName,
      version: p.version,
      dateText: policyDateText(p.date),
      policyUrl: `${publicUrl}/policy`,
      termsUrl: `${publicUrl}/terms`,
    });
  },
});

/** Every mail of the module, registered by its AppModule (`bindMails`). */
export const policyMails = [policyUpdatedMailKind];
