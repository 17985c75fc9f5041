/**
 * Two-step verification for lab staff (docs/decisions/0017-two-step-verification-for-lab-staff.md). The pool's MFA is
 * OPTIONAL, so Cognito never asks staff to set TOTP up: the sign-in page does,
 * before the session is used, because the API refuses staff without it. Loaded only once a staff member has
 * signed in, so practices never download it.
 */
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { amplifyReady } from '../../../lib/amplify-auth';
import { TOTP_ISSUER } from '../../../../../core/rules/staff-mfa';
import type { TotpSetup } from '../model/totp-setup';

/** True when the signed-in user has no authenticator app turned on yet. */
export async function needsTotpSetup(): Promise<boolean> {
  await amplifyReady();
  const { enabled } = await fetchMFAPreference();
  return !enabled?.includes('TOTP');
}

/** Asks Cognito for a new authenticator secret (AssociateSoftwareToken) for the signed-in user. */
export async function startTotpSetup(email: string): Promise<TotpSetup> {
  await amplifyReady();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, email).toString() };
}

/**
 * Checks the first code (VerifySoftwareToken) and turns TOTP on as the preferred factor, after which Cognito
 * asks for a code at every sign-in.
 */
export async function finishTotpSetup(code: string): Promise<void> {
  await amplifyReady();
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}
