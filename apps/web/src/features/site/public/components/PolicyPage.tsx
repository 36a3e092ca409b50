import type { ReactNode } from 'react';
import { SITE } from '@/lib/site-config';
import { useTitle } from '@/lib/use-title';
import { PolicyVersionLine } from './PolicyVersionLine';
import { useRetention } from '../api/get-retention';

/**
 * How long data is kept, with this server's own periods (its RETENTION_DAYS and the fixed ones,
 * docs/product.md §11.9): until they arrive, or if they cannot be read, the sentences say only what
 * holds whatever the numbers are.
 */
function DataRetention() {
  const { data } = useRetention();
  const periods = data?.data;
  const days = (n: number | undefined, fallback: string) => (n === undefined ? fallback : `${n} days`);
  const notices = periods?.notice_days.join(' and ');
  return (
    <>
      <p>We keep your data while your account is active.</p>
      <p>
        If your account is deactivated, we keep its data for{' '}
        {days(periods?.retention_days, 'a limited period')} after the deactivation, then delete your videos,
        photos, scheduled deliveries, final message, profile and other personal data.{' '}
        {notices ? `We e-mail you ${notices} days before that day.` : 'We e-mail you before that day.'} If
        your account is activated again before then, nothing is deleted.
      </p>
      <p>
        Records of payments are kept for our accounts, without your name, your e-mail address or any digit of
        your card. When you delete your account yourself, everything else is deleted at once. Messages you
        sent us through the contact page stay with us as correspondence.
      </p>
      <p>
        A copy of your data that you download is kept for {days(periods?.export_days, 'a short time')}.
        Expired sign-in sessions and password reset codes are deleted within a day, and our record of the
        e-mails we sent after {days(periods?.mail_log_days, 'a limited period')}.
      </p>
    </>
  );
}

/**
 * /policy: static text under exactly the headings of docs/product.md §13.3, with the content of docs/product.md §1's
 * privacy paragraph. The contact line shows the support e-mail; the version and its date come from
 * the server, and Data Retention states the server's periods.
 */
const SECTIONS: { heading: string; body: ReactNode }[] = [
  {
    heading: 'Introduction',
    body: (
      <p>
        Parting Words is operated from the United States. This policy explains what we collect, why, and the
        choices you have. We built Parting Words to keep your most personal messages safe, and we treat your
        information with the same care.
      </p>
    ),
  },
  {
    heading: 'Information We Collect',
    body: (
      <ul>
        <li>Your name, e-mail address, date of birth and contact details.</li>
        <li>The media you upload: videos, voice recordings, messages, photos and documents.</li>
        <li>Details of the recipients you name for your messages.</li>
        <li>Device and technical data, such as browser type and log information.</li>
      </ul>
    ),
  },
  {
    heading: 'How We Use Your Information',
    body: (
      <p>
        We use your information only to provide the service: to keep your account, store and deliver your
        messages as you instruct, process your plans and keep the service secure. We do not use your data for
        advertising and we never sell it.
      </p>
    ),
  },
  {
    heading: 'Data Storage and Security',
    body: (
      <p>
        Your content is encrypted in cloud storage. Access to it is limited to what is needed to run the
        service, and links to private videos expire.
      </p>
    ),
  },
  {
    heading: 'Legacy Delivery After Death',
    body: (
      <p>
        Messages meant for after your passing are delivered only after the passing is confirmed by the contact
        or service provider you assigned.
      </p>
    ),
  },
  {
    heading: 'Use of Third-Party Services',
    body: (
      <p>
        Payments are processed by third-party payment providers. We do not store your card data; we keep only
        what identifies a payment, such as the card brand and its last four digits.
      </p>
    ),
  },
  {
    heading: 'User Control and Data Management',
    body: (
      <p>
        You can edit or delete your content at any time and request the deletion of your account. When an
        account is deleted, its scheduled deliveries are cancelled.
      </p>
    ),
  },
  {
    heading: 'Age Restrictions',
    body: <p>You must be 18 or older to use Parting Words.</p>,
  },
  {
    heading: 'Data Retention',
    body: <DataRetention />,
  },
  {
    heading: 'Legal Disclosures',
    body: (
      <p>
        We disclose information only when the law requires it, for example in answer to a valid legal request,
        and only as much as is required.
      </p>
    ),
  },
  {
    heading: 'Device Permissions',
    body: (
      <p>
        Camera, microphone, contacts and storage permissions are requested only at the moment you use a
        feature that needs them, such as recording a video.
      </p>
    ),
  },
  {
    heading: 'International Use',
    body: (
      <p>
        Your data is processed in the United States. By using Parting Words from elsewhere you understand that
        your information will be handled there.
      </p>
    ),
  },
  {
    heading: 'Changes to This Policy',
    body: <p>We will tell you about changes to this policy by e-mail or by an alert in the app.</p>,
  },
  {
    heading: 'Contact Us',
    body: (
      <p>
        Questions about your privacy? Write to us at{' '}
        <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>.
      </p>
    ),
  },
];

export function PolicyPage() {
  useTitle('Privacy Policy');
  return (
    <div className="container py-5 page-prose">
      <h1>Privacy Policy</h1>
      <PolicyVersionLine />
      {SECTIONS.map((section, index) => (
        <section key={section.heading} aria-labelledby={`policy-${index}`}>
          <h2 id={`policy-${index}`} className="h4 mt-4">
            {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </div>
  );
}
