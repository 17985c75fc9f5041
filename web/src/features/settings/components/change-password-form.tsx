import { useState, type FormEvent } from 'react';
import { getCurrentUser, updatePassword } from 'aws-amplify/auth';
import { passwordPolicyMessage } from '../../../../../core/password-policy';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = next ? passwordPolicyMessage(next) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current) return setError('Enter your current password.');
    const policy = passwordPolicyMessage(next);
    if (policy) return setError(policy);
    if (next !== confirm) return setError('The two new passwords do not match.');
    if (next === current) return setError('The new password must differ from the current one.');
    setError(null);
    setBusy(true);
    try {
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
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint={
          problem ??
          (next
            ? 'The password meets the requirements.'
            : 'At least 8 characters with upper and lower case letters, a number and a symbol.')
        }
        required
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        required
      />
      <div>
        <Button type="submit" loading={busy}>
          Change password
        </Button>
      </div>
    </form>
  );
}
