import { useId, useState, type FormEvent } from 'react';
import { adminResetPasswordInputSchema, type AdminUser } from '../../../../../core/schemas/user-admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useFormState } from '../../../hooks/use-form-state';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { PasswordField } from '../../auth/components/password-field';
import { PasswordHints } from '../../auth/components/password-hints';
import { useAdminResetPassword } from '../api/admin-reset-password';
import layout from '../../../components/form-layout.module.css';

/** spec 6, 7 adminResetPassword: a new password for the user, with the live policy hints. */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const hintsId = useId();
  const reset = useAdminResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({ newPassword: '' });

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <Dialog
      title="Reset password"
      {...(busy ? {} : { onDismiss: onClose })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={form.formId} loading={busy}>
            Reset password
          </Button>
        </>
      }
    >
      <form id={form.formId} className={layout.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={layout.note}>
          Choose a new password for <strong>{user.email}</strong> and tell them over a safe channel.
        </p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          hint={<PasswordHints id={hintsId} password={form.values.newPassword} />}
          {...form.field('newPassword')}
        />
      </form>
    </Dialog>
  );
}
