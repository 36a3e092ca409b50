import { useTitle } from '@/lib/use-title';
import { LoginFlow, SignupLinks } from './LoginFlow';

/** /login: users and funeral homes sign in here (docs/product.md §13.3). */
export function LoginPage() {
  useTitle('Login');
  return (
    <div className="auth-page container py-5">
      <div className="card auth-card mx-auto">
        <div className="card-body p-4 p-sm-5">
          <LoginFlow
            area="web"
            intro={<p className="text-body-secondary">Welcome back. Sign in to your account.</p>}
            footer={<SignupLinks />}
          />
        </div>
      </div>
    </div>
  );
}
