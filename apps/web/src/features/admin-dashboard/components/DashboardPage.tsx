import { useSessionUser } from '@/lib/session';
import { useTitle } from '@/lib/use-title';

/** /admin/dashboard: the landing page after an admin signs in (figures come with the dashboard feature). */
export function DashboardPage() {
  useTitle('Dashboard');
  const user = useSessionUser();
  return (
    <div>
      <h1 className="h2">Dashboard</h1>
      <p className="lead text-body-secondary">
        Welcome back{user?.first_name ? `, ${user.first_name}` : ''}. Use the menu to manage users, funeral
        homes, plans, banner ads and queries.
      </p>
    </div>
  );
}
