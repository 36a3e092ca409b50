import { Link } from 'react-router';
import { Logo } from '@/components/Logo';
import { useTitle } from '@/lib/use-title';
import { LoginFlow } from './LoginFlow';

/** /admin/login: the back office's own sign-in, against the /admin/* endpoints (docs/product.md §9). */
export function AdminLoginPage() {
  useTitle('Admin Login');
  return (
    <main
      id="main"
      className="auth-page admin-login min-vh-100 d-flex flex-column align-items-center py-5 px-3"
    >
      <Link to="/home" className="text-decoration-none text-primary mb-4" aria-label="Parting Words home">
        <Logo />
      </Link>
      <div className="card auth-card w-100">
        <div className="card-body p-4 p-sm-5">
          <LoginFlow
            area="admin"
            intro={<p className="text-body-secondary">Administrator sign-in for the back office.</p>}
          />
        </div>
      </div>
    </main>
  );
}
