import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SITE } from '@/lib/site-config';
import { useTitle } from '@/lib/use-title';
import { PolicyVersionLine } from './PolicyVersionLine';

const SECTIONS: { heading: string; body: ReactNode }[] = [
  {
    heading: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account or using Parting Words you agree to these Terms and Conditions and to our{' '}
        <Link to="/policy">Privacy Policy</Link>. If you do not agree, please do not use the service.
      </p>
    ),
  },
  {
    heading: 'Who may use Parting Words',
    body: (
      <p>
        You must be at least 18 years old. Funeral homes must be lawfully operating businesses and must keep
        the details of their account accurate.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <p>
        Keep your password to yourself and tell us at once if you believe someone else has used your account.
        You are responsible for what happens under your account. We may suspend an account that breaks these
        terms, and a suspended account cannot sign in or deliver messages until it is restored.
      </p>
    ),
  },
  {
    heading: 'Your content',
    body: (
      <>
        <p>
          The videos, messages and photos you upload stay yours. You give us only the permission we need to
          store, convert, protect and deliver them as you instruct — for example, to e-mail a scheduled
          message or to show a video you have made public.
        </p>
        <p>
          You must have the right to everything you upload, and it must not be unlawful, hateful, harassing or
          infringe anyone else’s rights or privacy. We may remove content that breaks these rules.
        </p>
      </>
    ),
  },
  {
    heading: 'Scheduled and legacy deliveries',
    body: (
      <p>
        We send scheduled messages at the date and time you set, and release final messages after a passing is
        confirmed by an assigned contact or service provider. We take great care that deliveries happen as
        planned, but we depend on e-mail providers and on the details you give us; please keep recipients’
        addresses up to date. Deleting a message or your account cancels its pending deliveries.
      </p>
    ),
  },
  {
    heading: 'Plans and payments',
    body: (
      <p>
        Some features need a paid plan or a one-time purchase. Prices are shown before you pay, payments are
        handled by our payment provider, and we never store your full card number. Subscriptions run for the
        period shown; you can cancel automatic renewal at any time and keep your plan until it expires.
        Deliveries already scheduled are never dropped because a plan ends.
      </p>
    ),
  },
  {
    heading: 'Funeral homes and banner ads',
    body: (
      <p>
        Funeral homes may only use a person’s message as that person allowed. Banner ads are reviewed before
        they run; we may reject or stop an ad that is misleading or inappropriate.
      </p>
    ),
  },
  {
    heading: 'Ending your account',
    body: (
      <p>
        You may delete your account at any time. Your media is then deleted and scheduled deliveries are
        cancelled; records we must keep by law, such as anonymised payment records, are kept as described in
        our Privacy Policy.
      </p>
    ),
  },
  {
    heading: 'Limits of our responsibility',
    body: (
      <p>
        We provide Parting Words with care but “as is”. To the extent the law allows, we are not liable for
        indirect or consequential losses, or for failures caused by events beyond our reasonable control.
        Nothing in these terms limits rights you have under law that cannot be limited.
      </p>
    ),
  },
  {
    heading: 'Changes to these terms',
    body: (
      <p>
        We will tell you by e-mail or in the app before important changes take effect. Continuing to use the
        service after that means you accept the updated terms.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>{' '}
        or use our <Link to="/contact-us">contact form</Link>.
      </p>
    ),
  },
];

/** /terms: Terms and Conditions (contract: its text is not shown; written for this product). */
export function TermsPage() {
  useTitle('Terms and Conditions');
  return (
    <div className="container py-5 page-prose">
      <h1>Terms and Conditions</h1>
      <PolicyVersionLine />
      {SECTIONS.map((section, index) => (
        <section key={section.heading} aria-labelledby={`terms-${index}`}>
          <h2 id={`terms-${index}`} className="h4 mt-4">
            {index + 1}. {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}
