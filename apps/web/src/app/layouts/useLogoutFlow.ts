import { useNavigate } from 'react-router';
import { useDialog } from '@/components/dialog/DialogProvider';
import { logout } from '@/features/accounts/auth';
import { session } from '@/lib/session';

/**
 * Logout (docs/product.md §13.3, §13.5, §9): confirm 'Logout?', revoke the token on the server, clear all
 * local storage and cached data, then go to /login (an admin to /admin/login). The local session is
 * cleared even when the server call fails (an expired token must not keep anyone signed in here).
 */
export function useLogoutFlow() {
  const dialog = useDialog();
  const navigate = useNavigate();

  return async () => {
    const { confirmed } = await dialog({
      variant: 'question',
      title: 'Logout?',
      text: 'Are you sure you want to logout?',
    });
    if (!confirmed) return;
    const type = session.user()?.type ?? 'user';
    try {
      await logout(type);
    } catch {
      // Already revoked or expired: nothing more to do on the server.
    }
    session.clear();
    // Loaded here, not with the header: the visitor's home page carries no query cache.
    (await import('@/lib/query-client')).clearQueryCache();
    navigate(type === 'admin' ? '/admin/login' : '/login', { replace: true });
  };
}
