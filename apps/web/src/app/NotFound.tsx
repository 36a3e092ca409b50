import { Link } from 'react-router';
import { useTitle } from '@/lib/use-title';

/** The 404 page, shown for unknown paths in every area; the button leads back to that area's start. */
export function NotFound({
  homePath = '/home',
  homeLabel = 'Go to home',
}: {
  homePath?: string;
  homeLabel?: string;
}) {
  useTitle('Page Not Found');
  return (
    <div className="container py-5 text-center">
      <p className="display-1 fw-semibold text-primary mb-0">404</p>
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for does not exist or has moved.</p>
      <Link to={homePath} className="btn btn-primary">
        {homeLabel}
      </Link>
    </div>
  );
}
