import type { ChangeEvent } from 'react';
import { USER_ROLES, type UserRole } from '../../../../../core/schemas/users/user-role';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { SelectField } from '../../../components/ui/select-field';

const ROLE_OPTIONS = USER_ROLES.map((role) => ({
  value: role,
  label: role === 'admin' ? 'Admin (lab staff)' : 'Customer (practice)',
}));

/**
 * The role as spec 7 createUser and setRole take it: admin or customer, and the super admin flag, which only
 * an admin can have (the checkbox is disabled and cleared for customers).
 */
export function RoleFields({
  form,
}: {
  /** The dialog's form (usePortalForm), whose values hold the two fields. */
  form: {
    values: { role: UserRole; isSuperAdmin: boolean };
    errors: Partial<Record<string, string>>;
    set: (path: 'role' | 'isSuperAdmin', value: UserRole | boolean) => void;
  };
}) {
  const { role, isSuperAdmin } = form.values;
  const { errors } = form;
  const onChange = (next: { role: UserRole; isSuperAdmin: boolean }) => {
    form.set('role', next.role);
    form.set('isSuperAdmin', next.isSuperAdmin);
  };
  return (
    <>
      <SelectField
        label="Role"
        name="role"
        options={ROLE_OPTIONS}
        value={role}
        error={errors.role}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const next = event.target.value as UserRole;
          onChange({ role: next, isSuperAdmin: next === 'admin' && isSuperAdmin });
        }}
      />
      <CheckboxField
        label="Super admin"
        name="isSuperAdmin"
        checked={isSuperAdmin}
        disabled={role !== 'admin'}
        hint="Super admins also manage users, customers, lenses and emails."
        error={errors.isSuperAdmin}
        onChange={(event) => onChange({ role, isSuperAdmin: event.target.checked })}
      />
    </>
  );
}
