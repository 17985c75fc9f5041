import { useId, useState } from 'react';
import { adminResetPasswordInputSchema, type AdminUser } from '../../../../../core/schemas/user-admin';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormState } from '../../../hooks/use-form-state';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { PasswordField } from '../../auth/components/password-field';
import { PasswordHints } from '../../auth/components/password-hints';
import { useAdminResetPassword } from '../api/admin-reset-password';

/** spec 6, 7 adminResetPassword: a new password for the user, with the live policy hints. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const hintsId = useId();
  const reset = useAdminResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({ newPassword: '' });

  async function submit() {
    if (reset.isPending) return;
    setFormError(null);
    const checked = checkForm(adminResetPasswordInputSchema, { userId: user.userId, ...form.values });
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    try {
      await reset.mutateAsync(checked.data);
      notify.success(`The password of ${user.email} was reset.`);
      onClose();
    } catch (error) {
      const fieldErrors = serverFormErrors(error);
      form.showErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The password could not be reset.'));
    }
  }

  const busy = reset.isPending;
  return (
    <FormDialog
      title="Reset password"
      formId={form.formId}
      busy={busy}
      submitLabel="Reset password"
      onSubmit={submit}
      onClose={onClose}
      intro={
        <>
          Choose a new password for <strong>{user.email}</strong> and tell them over a safe channel.
        </>
      }
      formError={formError}
    >
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        hint={<PasswordHints id={hintsId} password={form.values.newPassword} />}
        {...form.field('newPassword')}
      />
    </FormDialog>
  );
}
