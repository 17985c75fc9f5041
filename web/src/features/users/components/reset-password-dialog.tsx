import { useId } from 'react';
import { adminResetPasswordInputSchema, type AdminUser } from '../../../../../core/schemas/users/user-admin';
import { FormDialog } from '../../../components/ui/form-dialog';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
import { NewPasswordField } from '../../auth';
import { useAdminResetPassword } from '../api/admin-reset-password';

/** spec 6, 7 adminResetPassword: a new password for the user, with the live policy hints. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const hintsId = useId();
  const reset = useAdminResetPassword();
  const form = usePortalForm({
    initial: { newPassword: '' },
    schema: adminResetPasswordInputSchema,
    input: (values) => ({ userId: user.userId, ...values }),
    failureMessage: 'The password could not be reset.',
    submit: async (input) => {
      await reset.mutateAsync(input);
      notify.success(`The password of ${user.email} was reset.`);
      onClose();
    },
  });

  return (
    <FormDialog
      title="Reset password"
      form={form}
      submitLabel="Reset password"
      onClose={onClose}
      intro={
        <>
          Choose a new password for <strong>{user.email}</strong> and tell them over a safe channel.
        </>
      }
    >
      <NewPasswordField hintsId={hintsId} {...form.field('newPassword')} />
    </FormDialog>
  );
}
