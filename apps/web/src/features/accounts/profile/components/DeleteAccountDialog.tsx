import Modal from 'react-bootstrap/Modal';
import { accountDeleteBody } from '@pw/contracts';
import { FormError } from '@/components/form/FormError';
import { PasswordField } from '@/components/form/PasswordField';
import { useBodyForm } from '@/components/form/use-body-form';
import { useDeleteAccount } from '../api/delete-account';
import type { LeavingRole } from '../model/role';

export const DELETE_TEXTS = {
  title: 'Delete your account?',
  question:
    'This deletes your account for good: your videos, your scheduled deliveries (none of them will be sent), your profile and everything else you keep here. It cannot be undone.',
  questionFuneralHome:
    "This deletes your funeral home's account for good: its profile, its listing for families, its banner ads and the requests families have sent it. Families keep their own videos. It cannot be undone.",
  keepData: 'You may want to download your data first.',
  confirm: 'Delete my account',
  deleting: 'Deleting…',
} as const;

/**
 * The 'Delete account' question with the password that confirms it (docs/product.md §11.6). The modal keeps
 * focus inside, closes with Escape or Cancel (never while deleting) and returns focus to the button.
 */
export function DeleteAccountDialog({
  role,
  show,
  onClose,
  onDeleted,
}: {
  role: LeavingRole;
  show: boolean;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const mutation = useDeleteAccount(role, onDeleted);
  const failure = mutation.isError ? mutation.error : null;
  const { field, errorOf, handleSubmit, reset, watch, summary } = useBodyForm<{ password: string }>({
    schema: accountDeleteBody,
    defaultValues: { password: '' },
    failure,
    focusFirstError: false,
  });
  const password = watch('password');

  const submit = handleSubmit((values) => {
    if (!values.password || mutation.isPending) return;
    mutation.mutate(values.password);
  });
  const close = () => {
    if (mutation.isPending) return;
    reset({ password: '' });
    mutation.reset();
    onClose();
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="delete-account-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Body className="p-4">
          <h2 id="delete-account-title" className="h4">
            {DELETE_TEXTS.title}
          </h2>
          <p>{role === 'funeral-home' ? DELETE_TEXTS.questionFuneralHome : DELETE_TEXTS.question}</p>
          <p className="text-body-secondary small">{DELETE_TEXTS.keepData}</p>
          <PasswordField
            id="deleteAccountPassword"
            label="Password"
            hint="Type your password to confirm."
            autoComplete="current-password"
            required
            autoFocus
            {...field('password')}
          />
          <FormError message={errorOf('password') ? null : summary} />
        </Modal.Body>
        <Modal.Footer className="flex-wrap">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={close}
            disabled={mutation.isPending}
          >
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={!password || mutation.isPending}>
            {mutation.isPending ? DELETE_TEXTS.deleting : DELETE_TEXTS.confirm}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
