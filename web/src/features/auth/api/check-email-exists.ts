import { callRoute } from '../../../lib/api-client';

/**
 * Whether an account exists for an email, before a password reset (spec 8 "No account found with this
 * email address"; throttled server-side, docs/decisions.md "Password reset for an unknown email").
 */
export const checkEmailExists = (email: string) => callRoute('checkEmailExists', { email });
