import { useId, useState } from 'react';
import { setRoleInputSchema, type AdminUser } from '../../../../../core/schemas/user-admin';
import type { UserRole } from '../../../../../core/schemas/user-role';
import { FormDialog } from '../../../components/ui/form-dialog';
import { checkForm, failureMessage, serverFormErrors, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSetRole } from '../api/set-role';
import { RoleFields } from './role-fields';
import { roleLabelOf } from './user-role';

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

  async function submit() {
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
    <FormDialog
      title="Change role"
      formId={formId}
      busy={busy}
      submitLabel="Save role"
      submitDisabled={unchanged}
      onSubmit={submit}
      onClose={onClose}
      intro={
        <>
          <strong>{user.email}</strong> is {roleLabelOf(user).toLowerCase()} now. The new role applies from their next
          sign-in or token refresh.
        </>
      }
      formError={formError}
    >
      <RoleFields
        role={role.role}
        isSuperAdmin={role.isSuperAdmin}
        errors={{ role: errors.role, isSuperAdmin: errors.isSuperAdmin }}
        onChange={setRoleValue}
      />
    </FormDialog>
  );
}
