import { render, type RenderedMail } from './layout';

/**
 * The announcement of a new version of the privacy policy and terms (decision 0350): which version,
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
