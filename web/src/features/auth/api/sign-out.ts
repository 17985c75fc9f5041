import type { SignOutInput } from '../../../../../core/schemas/session';
import { callRoute } from '../../../lib/api-client';

/**
 * Ends this device's session server-side (route signOut), or with `everywhere` every session of the caller
 * (docs/decisions/0019-sign-out-per-device.md), so a copied token stops working at once.
 */
export const signOutOnServer = (input: SignOutInput) => callRoute('signOut', input);
