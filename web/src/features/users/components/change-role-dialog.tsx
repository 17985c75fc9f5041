import { useId, useState, type FormEvent } from 'react';
import { setRoleInputSchema, type AdminUser } from '../../../../../core/schemas/user-admin';
import type { UserRole } from '../../../../../core/schemas/user-role';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { checkForm, failureMessage, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSetRole } from '../api/set-role';
import { RoleFields } from './role-fields';
import { roleLabelOf } from './user-role';
import layout from '../../../components/form-layout.module.css';

/** spec 6, 7 setRole: role admin or customer and the super admin flag. */
export function ChangeRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const formId = useId();
  const setRole = useSetRole();
  const [role, setRoleValue] = useState<{ role: UserRole; isSuperAdmin: boolean }>({
    role: user.role,
    isSuperAdmin: user.isSuperAdmin,
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const unchanged = role.role === user.role && role.isSuperAdmin === user.isSuperAdmin;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (setRole.isPending) return;
    setFormError(null);
    const checked = checkForm(setRoleInputSchema, { userId: user.userId, ...role });
    if (!checked.ok) return setErrors(checked.errors);
    try {
      await setRole.mutateAsync(checked.data);
      notify.success(`${user.email} is now ${roleLabelOf(checked.data).toLowerCase()}.`);
      onClose();
    } catch (error) {
      setErrors(serverFormErrors(error));
      setFormError(failureMessage(error, 'The role could not be changed.'));
    }
  }

  const busy = setRole.isPending;
  return (
    <Dialog
      title="Change role"
      {...(busy ? {} : { onDismiss: onClose })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} disabled={unchanged}>
            Save role
          </Button>
        </>
      }
    >
      <form id={formId} className={layout.form} onSubmit={(e) => void submit(e)} noValidate>
        <p className={layout.note}>
          <strong>{user.email}</strong> is {roleLabelOf(user).toLowerCase()} now. The new role applies from their next
          sign-in or token refresh.
        </p>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <RoleFields
          role={role.role}
          isSuperAdmin={role.isSuperAdmin}
          errors={{ role: errors.role, isSuperAdmin: errors.isSuperAdmin }}
          onChange={setRoleValue}
        />
      </form>
    </Dialog>
  );
}
