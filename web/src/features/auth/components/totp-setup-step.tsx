import { lazy, Suspense } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/text-field';
import { groupedSecret, type TotpSetup } from '../model/totp-setup';
import { AuthForm } from './auth-form';
import { TotpCodeField, useTotpCodeInput } from './totp-code-field';
import styles from './auth-form.module.css';
import totpStyles from './totp-steps.module.css';

const TotpQrCode = lazy(() => import('./totp-qr-code'));

/**
 * Sign-in, first time for lab staff: add the portal to an authenticator app, by QR code or by
 * typing the setup key, then prove it with a first code. Cognito asks for a code at every later sign-in.
 */
export function TotpSetupStep({
  setup,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  setup: TotpSetup;
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
      submitLabel="Verify and sign in"
      labelledBy="totp-setup-heading"
      intro={
        <>
          <h2 id="totp-setup-heading" className={totpStyles.heading}>
            Set up two-step verification
          </h2>
          <p className={totpStyles.lead}>
            Lab staff see every practice&apos;s patients, so they sign in with a code from an authenticator app (such as
            Google Authenticator, Microsoft Authenticator or 1Password) as well as their password.
          </p>
        </>
      }
      after={
        <div className={styles.secondaryAction}>
          <button type="button" className={styles.linkButton} onClick={onCancel} disabled={busy}>
            Cancel and sign out
          </button>
        </div>
      }
    >
      <ol className={totpStyles.steps}>
        <li>
          Scan this QR code with your authenticator app.
          <Suspense fallback={<div className={totpStyles.qrPlaceholder} aria-hidden="true" />}>
            <TotpQrCode uri={setup.uri} />
          </Suspense>
        </li>
        <li>
          Or add the account by hand with this setup key (time-based):
          <div className={totpStyles.keyRow}>
            <TextField
              className={totpStyles.key}
              label="Setup key"
              name="totp-setup-key"
              value={groupedSecret(setup.secret)}
              readOnly
              autoComplete="off"
              spellCheck={false}
            />
            <CopyButton text={setup.secret} label="Copy setup key" />
          </div>
          <div className={totpStyles.uri}>
            On this phone? <a href={setup.uri}>Open the setup link in your authenticator app</a>.
            <details>
              <summary>Show the setup link</summary>
              <code>{setup.uri}</code>
            </details>
          </div>
        </li>
        <li>Enter the code the app now shows for Lenslab Portal.</li>
      </ol>
      <TotpCodeField value={code} onChange={setCode} error={fieldError} />
    </AuthForm>
  );
}
