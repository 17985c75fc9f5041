import { permissionDenied } from '../../../core/errors';
import type { Identity } from '../../auth/verify-token';

/** Changes a super admin may not make to their own account (a slip would lock them out). */
export const SELF_MESSAGES = {
  delete: 'You cannot delete your own account.',
  disable: 'You cannot disable your own account.',
  resetPassword: 'Use Settings to change your own password.',
} as const;

export function refuseSelf(caller: Identity, userId: string, action: keyof typeof SELF_MESSAGES): void {
  if (caller.userId === userId) throw permissionDenied(SELF_MESSAGES[action]);
}
