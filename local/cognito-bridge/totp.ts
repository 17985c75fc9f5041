import { generate, generateSecret, verify } from 'otplib';

/**
 * Authenticator-app codes as Cognito makes and checks them (RFC 6238: SHA-1, 6 digits, 30-second steps,
 * base32 secrets of 20 bytes), with otplib. Used by the bridge, `scripts/totp-code.ts` and the tests.
 */

/** One step either side: a code typed just as it changes still counts, as with Cognito. */
const TOLERANCE_SECONDS = 30;

/** A new base32 secret, 32 characters (20 random bytes), the size AssociateSoftwareToken answers. */
export const newTotpSecret = (): string => generateSecret();

/** The code an authenticator app shows now (or at `epoch` seconds) for this secret. */
export const totpCode = (secret: string, epoch?: number): Promise<string> =>
  generate({ secret, ...(epoch === undefined ? {} : { epoch }) });

/** True when `code` is the secret's code now or one step before or after; anything but six digits is false. */
export async function totpCodeMatches(secret: string, code: unknown, epoch?: number): Promise<boolean> {
  if (typeof code !== 'string' || !/^\d{6}$/.test(code)) return false;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(epoch === undefined ? {} : { epoch }),
    });
    return result.valid;
  } catch {
    return false;
  }
}
