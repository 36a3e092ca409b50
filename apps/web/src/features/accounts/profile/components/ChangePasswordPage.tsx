import { useNavigate } from 'react-router';
import { z } from 'zod';
import { changePasswordBody, type AccountType } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { SubmitRow } from '@/components/form/SubmitRow';
import { PasswordField } from '@/components/form/PasswordField';
import { useBodyForm } from '@/components/form/use-body-form';
import { useTitle } from '@/lib/use-title';
import { useChangePassword } from '../api/change-password';
import { PROFILE_PATHS } from '../model/paths';
import { ACCOUNT_MESSAGES } from '@pw/contracts';

/**
 * The form's own names for the body's fields, each checked with the body's rule; the confirmation is
 * compared as it is typed (Update stays disabled until it matches), so it needs no rule here.
 */
const changePasswordForm = z.object({
  currentPassword: changePasswordBody.shape.old_password,
  newPassword: changePasswordBody.shape.password,
  confirmPassword: z.string(),
});
type ChangePasswordValues = z.input<typeof changePasswordForm>;

/**
 * Change password for every role (docs/product.md §13.6): the form's currentPassword, newPassword and
 * confirmPassword are sent as old_password, password and password_confirmation, only when all three are
 * filled; Update is disabled while sending and while the new password differs from the confirmation.
 */
export function ChangePasswordPage({ role }: { role: AccountType }) {
  useTitle('Change Password');
  const paths = PROFILE_PATHS[role];
  const navigate = useNavigate();
  const dialog = useDialog();
  const mutation = useChangePassword(role);
  const { field, errorOf, handleSubmit, watch, summary } = useBodyForm<ChangePasswordValues>({
    schema: changePasswordForm,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    failure: mutation.isError ? mutation.error : null,
    // The server's keys each shown at their field: a wrong old password is said once, not again below.
    fields: ['old_password', 'password', 'password_confirmation'],
    focusFirstError: false,
  });
  const [currentPassword, newPassword, confirmPassword] = watch([
    'currentPassword',
    'newPassword',
    'confirmPassword',
  ]);
  const mismatch = confirmPassword !== '' && newPassword !== confirmPassword;
  const ready = currentPassword !== '' && newPassword !== '' && newPassword === confirmPassword;

  const submit = handleSubmit((values) => {
    if (!ready) return;
    mutation.mutate(
      {
        old_password: values.currentPassword,
        password: values.newPassword,
        password_confirmation: values.confirmPassword,
      },
      {
        onSuccess: async (response) => {
          await dialog({
            variant: 'success',
            title: 'Password Updated',
            text: response.message || ACCOUNT_MESSAGES.passwordChanged,
          });
          navigate(paths.details);
        },
      },
    );
  });

  return (
    <div className={role === 'admin' ? '' : 'container py-5'}>
      <div className="page-narrow">
        <h1 className="h2 mb-4">Change Password</h1>
        <div className="card">
          <div className="card-body p-4">
            <form onSubmit={(event) => void submit(event)}>
              <PasswordField
                id="currentPassword"
                label="Current Password"
                autoComplete="current-password"
                required
                {...field('currentPassword')}
                error={errorOf('currentPassword') ?? errorOf('old_password')}
              />
              <PasswordField
                id="newPassword"
                label="New Password"
                autoComplete="new-password"
                hint="At least 8 characters."
                required
                {...field('newPassword')}
                error={errorOf('newPassword') ?? errorOf('password')}
              />
              <PasswordField
                id="confirmPassword"
                label="Confirm Password"
                autoComplete="new-password"
                required
                {...field('confirmPassword')}
                error={mismatch ? 'The passwords do not match.' : errorOf('password_confirmation')}
              />
              <SubmitRow
                label="Update"
                pendingLabel="Updating…"
                pending={mutation.isPending}
                ready={ready}
                cancelTo={paths.details}
                message={summary}
              />
            </form>
          </div>
        </div>
      </div>
    </div>
  );
}

export const UserChangePasswordPage = () => <ChangePasswordPage role="user" />;
export const FuneralChangePasswordPage = () => <ChangePasswordPage role="funeral-home" />;
export const AdminChangePasswordPage = () => <ChangePasswordPage role="admin" />;
