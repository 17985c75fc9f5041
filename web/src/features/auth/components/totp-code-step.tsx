import { TotpStepForm, type TotpStepProps } from './totp-step-form';
import totpStyles from './totp-steps.module.css';

/** Sign-in, second step: the code from the user's authenticator app (Cognito's SOFTWARE_TOKEN_MFA challenge). */
export function TotpCodeStep({
  email,
  justSetUp = false,
  ...step
}: TotpStepProps & {
  email: string;
  /** The authenticator was just set up: the sign-in starts again and needs its next code. */
  justSetUp?: boolean;
}) {
  return (
    <TotpStepForm
      {...step}
      headingId="totp-code-heading"
      labels={{ heading: 'Two-step verification', submit: 'Verify', cancel: 'Sign in as someone else' }}
      autoFocus
      lead={
        justSetUp ? (
          <p className={totpStyles.lead}>
            Your authenticator app is set up. To finish signing in, enter the next code it shows for {email} (each code
            works once).
          </p>
        ) : (
          <p className={totpStyles.lead}>Open your authenticator app and enter the code for {email}.</p>
        )
      }
    />
  );
}
