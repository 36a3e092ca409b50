import { Link } from 'react-router';
import { SITE } from '@/lib/site-config';
import { useTitle } from '@/lib/use-title';

/** /about: who the product is for and how it works. */
export function AboutPage() {
  useTitle('About');
  return (
    <div className="container py-5 page-prose">
      <p className="eyebrow">About us</p>
      <h1>About Parting Words</h1>
      <p className="lead">
        {SITE.tagline}. Parting Words is a place to record the messages you want to leave behind, and to make
        sure they reach the people you love when the time comes.
      </p>

      <h2 className="h3 mt-5">Why we exist</h2>
      <p>
        Most of us carry words we mean to say one day: thanks, apologies, advice, stories, simple love.
        Parting Words gives those words a safe home. You record them in your own voice and face, keep them
        private for as long as you like, and decide who receives them and when.
      </p>

      <h2 className="h3 mt-5">How it works</h2>
      <ol>
        <li>
          <strong>Record or upload.</strong> Use your camera or upload existing clips, give the message a
          title and a description, and keep it in your folders: Drafts, Scheduled and My Parting Words.
        </li>
        <li>
          <strong>Schedule a delivery.</strong> A message in the Scheduled folder is e-mailed to the person
          you name on the date and time you set — a birthday, a wedding, a graduation.
        </li>
        <li>
          <strong>Leave your final message.</strong> Your message in My Parting Words comes with an access
          code that you give to the people who should receive it after your passing.
        </li>
        <li>
          <strong>Share your wishes.</strong> Send your funeral preferences to a funeral home and, if you
          wish, let them share your message at your service.
        </li>
      </ol>

      <h2 className="h3 mt-5">For funeral homes</h2>
      <p>
        Funeral homes on Parting Words receive families’ wishes and, when access is granted, can publish a
        loved one’s message so it can be shared at the service.
      </p>

      <h2 className="h3 mt-5">Our promise</h2>
      <p>
        Your content is encrypted in storage, never used for advertising and never sold. You can edit or
        delete it, or close your account, at any time. Read the details in our{' '}
        <Link to="/policy">Privacy Policy</Link> and <Link to="/terms">Terms and Conditions</Link>, or{' '}
        <Link to="/contact-us">get in touch</Link>.
      </p>
    </div>
  );
}
