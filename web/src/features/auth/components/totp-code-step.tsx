import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TotpCodeField, useTotpCodeInput } from './totp-code-field';
import styles from './auth-form.module.css';
import totpStyles from './totp-steps.module.css';

/** Sign-in, second step: the code from the user's authenticator app (Cognito's SOFTWARE_TOKEN_MFA challenge). */
export function TotpCodeStep({
  email,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  email: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void | Promise<void>;
  onCancel: () => void;
}) {
  const { code, setCode, fieldError, submit } = useTotpCodeInput(onSubmit);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="totp-code-heading">
      <h2 id="totp-code-heading" className={totpStyles.heading}>
        Two-step verification
      </h2>
      <p className={totpStyles.lead}>Open your authenticator app and enter the code for {email}.</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TotpCodeField value={code} onChange={setCode} error={fieldError} autoFocus />
      <Button type="submit" block loading={busy}>
        Verify
      </Button>
      <div className={styles.secondaryAction}>
        <button type="button" className={styles.linkButton} onClick={onCancel} disabled={busy}>
          Sign in as someone else
        </button>
      </div>
    </form>
  );
}
