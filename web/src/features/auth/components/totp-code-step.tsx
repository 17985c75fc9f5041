import { AuthForm } from './auth-form';
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
  justSetUp = false,
}: {
  email: string;
  /** The authenticator was just set up: the sign-in starts again and needs its next code. */
  justSetUp?: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void | Promise<void>;
  onCancel: () => void;
}) {
  const { code, setCode, fieldError, submit } = useTotpCodeInput(onSubmit);

  return (
    <AuthForm
      onSubmit={submit}
      busy={busy}
      error={error}
      submitLabel="Verify"
      labelledBy="totp-code-heading"
      intro={
        <>
          <h2 id="totp-code-heading" className={totpStyles.heading}>
            Two-step verification
          </h2>
          {justSetUp ? (
            <p className={totpStyles.lead}>
              Your authenticator app is set up. To finish signing in, enter the next code it shows for {email} (each
              code works once).
            </p>
          ) : (
            <p className={totpStyles.lead}>Open your authenticator app and enter the code for {email}.</p>
          )}
        </>
      }
      after={
        <div className={styles.secondaryAction}>
          <button type="button" className={styles.linkButton} onClick={onCancel} disabled={busy}>
            Sign in as someone else
          </button>
        </div>
      }
    >
      <TotpCodeField value={code} onChange={setCode} error={fieldError} autoFocus />
    </AuthForm>
  );
}
