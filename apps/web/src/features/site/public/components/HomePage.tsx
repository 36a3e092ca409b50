import { Link } from 'react-router';
import camera from 'bootstrap-icons/icons/camera-video.svg?raw';
import calendar from 'bootstrap-icons/icons/calendar-heart.svg?raw';
import envelope from 'bootstrap-icons/icons/envelope-heart.svg?raw';
import shield from 'bootstrap-icons/icons/shield-lock.svg?raw';
import { Icon } from '@/components/Icon';
import { AREA_HOME, useSessionUser } from '@/lib/session';
import { SITE } from '@/lib/site-config';
import { useTitle } from '@/lib/use-title';

const STEPS = [
  {
    svg: camera,
    title: 'Record in your own words',
    text: 'Record a video message from your camera, or upload one you already have. Take your time — you can keep drafts and return to them whenever you are ready.',
  },
  {
    svg: calendar,
    title: 'Keep it safe, or set a date',
    text: 'Keep messages in your private folders, or schedule one to reach someone by e-mail on a birthday, an anniversary or a day that matters.',
  },
  {
    svg: envelope,
    title: 'Delivered when it matters',
    text: 'Your final message is released only after your passing is confirmed by a contact or service provider you trust, to the people you chose.',
  },
];

/** /home: what Parting Words does, for whom, and where to begin. */
export function HomePage() {
  useTitle('Home');
  const user = useSessionUser();
  const start = user ? AREA_HOME[user.type] : '/user/signup';

  return (
    <>
      <section className="hero">
        <div className="container py-5">
          <div className="row align-items-center g-4 py-lg-4">
            <div className="col-lg-7">
              <p className="eyebrow">Video messages that outlive us</p>
              <h1 className="display-5 hero-title">{SITE.tagline}</h1>
              <p className="lead mt-3">
                Parting Words helps you leave the words you want your loved ones to hear — in your own voice,
                with your own face — and makes sure they arrive at the right moment.
              </p>
              <div className="d-flex flex-wrap gap-2 mt-4">
                <Link to={start} className="btn btn-primary btn-lg">
                  {user ? 'Go to your account' : 'Start your message'}
                </Link>
                <Link to="/about" className="btn btn-outline-primary btn-lg">
                  How it works
                </Link>
              </div>
            </div>
            <div className="col-lg-5">
              <figure className="hero-quote card border-0 p-4 mb-0">
                <blockquote className="blockquote mb-3">
                  <p>“I wanted my grandchildren to hear me laugh, and to know how proud I am of them.”</p>
                </blockquote>
                <figcaption className="text-body-secondary mb-0">
                  The kind of message people come here to leave.
                </figcaption>
              </figure>
            </div>
          </div>
        </div>
      </section>

      <section className="container py-5" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-center mb-4">
          A quiet place for what matters most
        </h2>
        <div className="row g-4">
          {STEPS.map((step) => (
            <div className="col-md-4" key={step.title}>
              <div className="card h-100 p-4">
                <Icon svg={step.svg} className="feature-icon text-primary mb-3" />
                <h3 className="h5">{step.title}</h3>
                <p className="mb-0 text-body-secondary">{step.text}</p>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="band py-5" aria-labelledby="privacy-heading">
        <div className="container">
          <div className="row g-4 align-items-center">
            <div className="col-md-1 text-md-center">
              <Icon svg={shield} className="feature-icon text-primary" />
            </div>
            <div className="col-md-11">
              <h2 id="privacy-heading" className="h3">
                Private until you decide otherwise
              </h2>
              <p className="mb-0">
                Your messages are encrypted in storage and never used for advertising or sold. Every video
                starts private; you choose what is shared, with whom, and when. Read our{' '}
                <Link to="/policy">Privacy Policy</Link>.
              </p>
            </div>
          </div>
        </div>
      </section>

      <section className="container py-5" aria-labelledby="funeral-heading">
        <div className="row g-4 align-items-center">
          <div className="col-lg-8">
            <h2 id="funeral-heading" className="h3">
              For funeral homes
            </h2>
            <p className="mb-lg-0">
              Receive families’ funeral wishes and, when they grant you access, share a loved one’s own words
              at the service. Parting Words helps you honour every life the way it asked to be remembered.
            </p>
          </div>
          <div className="col-lg-4 text-lg-end">
            {!user && (
              <Link to="/funeral/signup" className="btn btn-outline-primary">
                Register your funeral home
              </Link>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
