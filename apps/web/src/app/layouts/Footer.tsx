import { Link } from 'react-router';
import x from 'bootstrap-icons/icons/twitter-x.svg?raw';
import facebook from 'bootstrap-icons/icons/facebook.svg?raw';
import instagram from 'bootstrap-icons/icons/instagram.svg?raw';
import linkedin from 'bootstrap-icons/icons/linkedin.svg?raw';
import envelope from 'bootstrap-icons/icons/envelope.svg?raw';
import telephone from 'bootstrap-icons/icons/telephone.svg?raw';
import geo from 'bootstrap-icons/icons/geo-alt.svg?raw';
import { Icon } from '@/components/Icon';
import { Logo } from '@/components/Logo';
import { SITE } from '@/lib/site-config';

const SOCIAL = [
  { href: SITE.social.x, label: 'X', svg: x },
  { href: SITE.social.facebook, label: 'Facebook', svg: facebook },
  { href: SITE.social.instagram, label: 'Instagram', svg: instagram },
  { href: SITE.social.linkedin, label: 'LinkedIn', svg: linkedin },
];

/**
 * docs/product.md §13.3 'Footer': links, social icons (new tab), a newsletter box whose input has no submit
 * action, the terms checkbox, support contacts (placeholders from configuration) and the copyright.
 */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container py-5">
        <div className="row g-4">
          <div className="col-lg-4">
            <Link to="/home" className="footer-brand text-decoration-none" aria-label="Parting Words home">
              <Logo />
            </Link>
            <p className="mt-3 mb-3 footer-muted">{SITE.tagline}.</p>
            <ul className="list-unstyled d-flex gap-2 mb-0" aria-label="Social media">
              {SOCIAL.map((item) => (
                <li key={item.label}>
                  <a
                    className="social-link"
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${item.label} (opens in a new tab)`}
                  >
                    <Icon svg={item.svg} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav className="col-sm-6 col-lg-2" aria-label="Footer">
            <h2 className="footer-heading">Explore</h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Link to="/home">Home</Link>
              </li>
              <li>
                <Link to="/about">About</Link>
              </li>
              <li>
                <Link to="/terms">Terms and Conditions</Link>
              </li>
              <li>
                <Link to="/policy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/contact-us">Contact Us</Link>
              </li>
            </ul>
          </nav>
          <div className="col-sm-6 col-lg-3">
            <h2 className="footer-heading">Support</h2>
            <ul className="list-unstyled footer-links">
              <li>
                <Icon svg={envelope} className="me-2" />
                <a href={`mailto:${SITE.supportEmail}`} className="text-break">
                  {SITE.supportEmail}
                </a>
              </li>
              <li>
                <Icon svg={telephone} className="me-2" />
                <a href={`tel:${SITE.supportPhone.replace(/[^\d+]/g, '')}`}>{SITE.supportPhone}</a>
              </li>
              <li>
                <Icon svg={geo} className="me-2" />
                {SITE.address}
              </li>
            </ul>
          </div>
          <div className="col-lg-3">
            <h2 id="newsletter-heading" className="footer-heading">
              Newsletter
            </h2>
            {/* docs/product.md §13.3: an input with no submit action, and the terms checkbox. Not a <form> and no
                `name`: Enter submits nothing, reloads nothing and puts no address in the URL or a request. */}
            <div role="group" aria-labelledby="newsletter-heading">
              <label htmlFor="newsletter-email" className="form-label footer-muted">
                Your e-mail address
              </label>
              <input
                id="newsletter-email"
                type="email"
                className="form-control"
                placeholder="name@example.com"
                autoComplete="email"
              />
              <div className="form-check mt-2">
                <input id="newsletter-terms" type="checkbox" className="form-check-input" />
                <label htmlFor="newsletter-terms" className="form-check-label">
                  I agree to all terms and policies.
                </label>
              </div>
            </div>
          </div>
        </div>
        <hr className="footer-rule" />
        <p className="mb-0 small footer-muted">© 2024 Parting Words. All rights reserved.</p>
      </div>
    </footer>
  );
}
