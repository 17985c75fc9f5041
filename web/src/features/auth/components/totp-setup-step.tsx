import { lazy, Suspense } from 'react';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/text-field';
import { groupedSecret, type TotpSetup } from '../model/totp-setup';
import { TotpStepForm, type TotpStepProps } from './totp-step-form';
import totpStyles from './totp-steps.module.css';

const TotpQrCode = lazy(() => import('./totp-qr-code'));

/**
 * Sign-in, first time for lab staff: add the portal to an authenticator app, by QR code or by
 * typing the setup key, then prove it with a first code. Cognito asks for a code at every later sign-in.
 */
export function TotpSetupStep({ setup, ...step }: TotpStepProps & { setup: TotpSetup }) {
  return (
    <TotpStepForm
      {...step}
      headingId="totp-setup-heading"
      labels={{ heading: 'Set up two-step verification', submit: 'Verify and sign in', cancel: 'Cancel and sign out' }}
      lead={
        <p className={totpStyles.lead}>
          Lab staff see every practice&apos;s patients, so they sign in with a code from an authenticator app (such as
          Google Authenticator, Microsoft Authenticator or 1Password) as well as their password.
        </p>
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
    </TotpStepForm>
  );
}
