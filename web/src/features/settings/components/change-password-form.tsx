import { useState } from 'react';
import { getCurrentUser, updatePassword } from 'aws-amplify/auth';
import { passwordPolicyMessage } from '../../../../../core/password-policy';
import { TextField } from '../../../components/ui/text-field';
import { useSubmission } from '../../../forms/use-submission';
import { AuthForm } from '../../auth';
import { amplifyReady } from '../../../lib/amplify-auth';
import { logWarning } from '../../../lib/logger';
import { notify } from '../../../lib/notify';
import { changePasswordErrorMessage, NO_AUTHENTICATED_USER } from '../utils/change-password-error';
import styles from './change-password-form.module.css';

/**
 * spec 5: changing a password needs a signed-in user ("No authenticated user") and re-authenticates with the
 * current password first: Cognito's ChangePassword (Amplify updatePassword) checks the current password and
 * answers NotAuthorizedException when it is wrong ("Current password is incorrect", spec 8).
 */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmission();
  const problem = next ? passwordPolicyMessage(next) : null;

  async function submit() {
    if (!current) return setError('Enter your current password.');
    const policy = passwordPolicyMessage(next);
    if (policy) return setError(policy);
    if (next !== confirm) return setError('The two new passwords do not match.');
    if (next === current) return setError('The new password must differ from the current one.');
    try {
      await amplifyReady();
      try {
        await getCurrentUser();
      } catch {
        setError(NO_AUTHENTICATED_USER);
        return;
      }
      await updatePassword({ oldPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      notify.success('Your password has been changed.');
    } catch (failure) {
      logWarning('Password change failed', failure);
      setError(changePasswordErrorMessage(failure));
    }
  }

  const fields = [
    { label: 'Current password', autoComplete: 'current-password', value: current, set: setCurrent },
    {
      label: 'New password',
      autoComplete: 'new-password',
      value: next,
      set: setNext,
      hint:
        problem ??
        (next
          ? 'The password meets the requirements.'
          : 'At least 8 characters with upper and lower case letters, a number and a symbol.'),
    },
    { label: 'Confirm new password', autoComplete: 'new-password', value: confirm, set: setConfirm },
  ];

  return (
    <AuthForm
      className={styles.form}
      onSubmit={onSubmit(submit)}
      busy={busy}
      error={error}
      submitLabel="Change password"
      blockSubmit={false}
    >
      {fields.map(({ set, ...field }) => (
        <TextField key={field.label} type="password" {...field} onChange={(e) => set(e.target.value)} required />
      ))}
    </AuthForm>
  );
}
