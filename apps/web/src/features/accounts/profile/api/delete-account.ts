import { useMutation } from '@tanstack/react-query';
import { callRoute } from '@/lib/api';
import { ACCOUNT_DATA_ROUTES, type LeavingRole } from '../model/role';

/** DELETE /web/{role}/account with the password. */
export const deleteAccount = (role: LeavingRole, password: string) =>
  callRoute(ACCOUNT_DATA_ROUTES[role].deleteAccount, { body: { password } });

/**
 * `onDeleted` is the mutation's own callback, not `mutate()`'s: those are dropped once the page that
 * asked has gone, and the page may go before the answer comes back (another request made with the
 * deleted account's token ends the session, and the area's layout leaves at once). The person would land
 * on the login page without the confirmation.
 */
export const useDeleteAccount = (role: LeavingRole, onDeleted: (message: string) => void) =>
  useMutation({
    mutationFn: (password: string) => deleteAccount(role, password),
    onSuccess: (response) => onDeleted(response.message),
  });
