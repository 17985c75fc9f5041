import { setRoleInputSchema, type AdminUser } from '../../../../../core/schemas/users/user-admin';
import type { UserRole } from '../../../../../core/schemas/users/user-role';
import { FormDialog } from '../../../components/ui/form-dialog';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
import { useSetRole } from '../api/set-role';
import { RoleFields } from './role-fields';
import { roleLabelOf } from './user-role';

/** spec 6, 7 setRole: role admin or customer and the super admin flag. */
export function ChangeRoleDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const setRole = useSetRole();
  const form = usePortalForm({
    initial: { role: user.role as UserRole, isSuperAdmin: user.isSuperAdmin },
    schema: setRoleInputSchema,
    input: (values) => ({ userId: user.userId, ...values }),
    failureMessage: 'The role could not be changed.',
    submit: async (checked) => {
      await setRole.mutateAsync(checked);
      notify.success(`${user.email} is now ${roleLabelOf(checked).toLowerCase()}.`);
      onClose();
    },
  });
  const unchanged = form.values.role === user.role && form.values.isSuperAdmin === user.isSuperAdmin;

  return (
    <FormDialog
      title="Change role"
      form={form}
      submitLabel="Save role"
      submitDisabled={unchanged}
      onClose={onClose}
      intro={
        <>
          <strong>{user.email}</strong> is {roleLabelOf(user).toLowerCase()} now. The new role applies from their next
          sign-in or token refresh.
        </>
      }
    >
      <RoleFields form={form} />
    </FormDialog>
  );
}
