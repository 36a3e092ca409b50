import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AccountType } from '@pw/contracts';
import { useDialog } from '@/components/dialog/DialogProvider';
import { FormError } from '@/components/form/FormError';
import { PasswordField } from '@/components/form/PasswordField';
import { errorMessage, fieldErrors } from '@/lib/api';
import { useTitle } from '@/lib/use-title';
import { useChangePassword } from '../api/change-password';
import { PROFILE_PATHS } from '../model/paths';
import { ACCOUNT_MESSAGES } from '@pw/contracts';

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
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const errors = fieldErrors(mutation.error);
  const mismatch = confirmPassword !== '' && newPassword !== confirmPassword;
  const ready = currentPassword !== '' && newPassword !== '' && newPassword === confirmPassword;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    mutation.mutate(
      { old_password: currentPassword, password: newPassword, password_confirmation: confirmPassword },
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
  };

  return (
    <div className={role === 'admin' ? '' : 'container py-5'}>
      <div className="page-narrow">
        <h1 className="h2 mb-4">Change Password</h1>
        <div className="card">
          <div className="card-body p-4">
            <form onSubmit={submit}>
              <PasswordField
                id="currentPassword"
                name="currentPassword"
                label="Current Password"
                autoComplete="current-password"
                required
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                error={errors.old_password}
              />
              <PasswordField
                id="newPassword"
                name="newPassword"
                label="New Password"
                autoComplete="new-password"
                hint="At least 8 characters."
                required
                value={newPassword}
                onChange={(event) => setNewPassword(event.target.value)}
                error={errors.password}
              />
              <PasswordField
                id="confirmPassword"
                name="confirmPassword"
                label="Confirm Password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(event) => setConfirmPassword(event.target.value)}
                error={mismatch ? 'The passwords do not match.' : errors.password_confirmation}
              />
              <div className="d-flex flex-wrap gap-2">
                <button type="submit" className="btn btn-primary" disabled={!ready || mutation.isPending}>
                  {mutation.isPending ? 'Updating…' : 'Update'}
                </button>
                <Link to={paths.details} className="btn btn-outline-secondary">
                  Cancel
                </Link>
              </div>
              <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
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
