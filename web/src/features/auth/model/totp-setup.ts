import { TOTP_CODE_PATTERN } from '../../../../../core/rules/staff-mfa';

/** What the set-up step shows: the secret to type in, and the otpauth URI an app reads from the QR code. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** The secret in groups of four, as authenticator apps show it, so it is easier to type. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The code as typed (spaces and dashes allowed, as some apps show `123 456`), or null when it is not six digits. */
export function cleanTotpCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '');
  return TOTP_CODE_PATTERN.test(code) ? code : null;
}

export const TOTP_CODE_HINT = 'The 6-digit code your authenticator app shows for Lenslab Portal.';
export const TOTP_CODE_INVALID = 'Enter the 6-digit code from your authenticator app.';
