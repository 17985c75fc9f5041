import { useId } from 'react';
import { createUserInputSchema } from '../../../../../core/schemas/users/user-admin';
import type { UserRole } from '../../../../../core/schemas/users/user-role';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { notify } from '../../../lib/notify';
// The password input and its live policy hints are the sign-up form's (one policy, one way to show it).
import { NewPasswordField } from '../../auth';
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
  const form = usePortalForm({
    initial: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      role: defaultRole as UserRole,
      isSuperAdmin: false,
    },
    schema: createUserInputSchema,
    failureMessage: 'The user could not be created.',
    // A taken email is a 409 about the email field.
    conflictField: 'email',
    submit: async (checked, values) => {
      const answer = await create.mutateAsync(values);
      if (answer.invitationSent)
        notify.success(`User ${checked.email} was created. The invitation email is on its way.`);
      else {
        notify.success(`User ${checked.email} was created.`);
        notify.warning('The invitation email could not be sent. Tell the user how to sign in yourself.');
      }
      onCreated(checked.role);
    },
  });

  return (
    <FormDialog title="New user" form={form} submitLabel="Create user" onClose={onClose}>
      <TextField label="Email" type="email" autoComplete="off" required {...form.field('email')} />
      <NewPasswordField label="Password" hintsId={hintsId} {...form.field('password')} />
      <div className={layout.row}>
        <TextField label="First name (optional)" autoComplete="off" {...form.field('firstName')} />
        <TextField label="Last name (optional)" autoComplete="off" {...form.field('lastName')} />
      </div>
      <RoleFields form={form} />
    </FormDialog>
  );
}
