import { Link } from 'react-router';
import { useTitle } from '../lib/use-title';

export function NotFound() {
  useTitle('Page Not Found');
  return (
    <main className="container py-5 text-center">
      <p className="display-1 fw-semibold text-primary mb-0">404</p>
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for does not exist or has moved.</p>
      <Link to="/home" className="btn btn-primary">
        Go to home
      </Link>
    </main>
  );
}
