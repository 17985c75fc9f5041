import { useId, useState } from 'react';
import { createUserInputSchema } from '../../../../../core/schemas/user-admin';
import type { UserRole } from '../../../../../core/schemas/user-role';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useFormState } from '../../../hooks/use-form-state';
import { checkForm, formMessageFor, serverFormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
// The password input and its live policy hints are the sign-up form's (one policy, one way to show it).
import { PasswordField } from '../../auth/components/password-field';
import { PasswordHints } from '../../auth/components/password-hints';
import { useCreateUser } from '../api/create-user';
import { RoleFields } from './role-fields';
import layout from '../../../components/form-layout.module.css';

/**
 * spec 6, 7 createUser: email, password (with the live policy hints of core/password-policy.ts), role and
 * the super admin flag, plus optional names for the invitation. Checked with the route's schema; the
 * server's field errors show beside the fields (e.g. an email that already has an account).
 */
export function CreateUserDialog({
  defaultRole,
  onCreated,
  onClose,
}: {
  defaultRole: UserRole;
  onCreated: (role: UserRole) => void;
  onClose: () => void;
}) {
  const hintsId = useId();
  const create = useCreateUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useFormState({
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    role: defaultRole as UserRole,
    isSuperAdmin: false,
  });

  async function submit() {
    if (create.isPending) return;
    setFormError(null);
    const checked = checkForm(createUserInputSchema, form.values);
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    try {
      const answer = await create.mutateAsync(form.values);
      notify.success(`User ${checked.data.email} was created.`);
      if (!answer.invitationSent)
        notify.warning('The invitation email could not be sent. Tell the user how to sign in yourself.');
      onCreated(checked.data.role);
    } catch (error) {
      // A taken email is a 409 about the email field.
      const fieldErrors = serverFormErrors(error, { conflictField: 'email' });
      form.showErrors(fieldErrors);
      setFormError(formMessageFor(error, fieldErrors, 'The user could not be created.'));
    }
  }

  const busy = create.isPending;
  return (
    <FormDialog
      title="New user"
      formId={form.formId}
      busy={busy}
      submitLabel="Create user"
      onSubmit={submit}
      onClose={onClose}
      formError={formError}
    >
      <TextField label="Email" type="email" autoComplete="off" required {...form.field('email')} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        required
        hint={<PasswordHints id={hintsId} password={form.values.password} />}
        {...form.field('password')}
      />
      <div className={layout.row}>
        <TextField label="First name (optional)" autoComplete="off" {...form.field('firstName')} />
        <TextField label="Last name (optional)" autoComplete="off" {...form.field('lastName')} />
      </div>
      <RoleFields
        role={form.values.role}
        isSuperAdmin={form.values.isSuperAdmin}
        errors={{ role: form.errors.role, isSuperAdmin: form.errors.isSuperAdmin }}
        onChange={(next) => {
          form.set('role', next.role);
          form.set('isSuperAdmin', next.isSuperAdmin);
        }}
      />
    </FormDialog>
  );
}
