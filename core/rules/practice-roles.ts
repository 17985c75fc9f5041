/**
 * Roles within a practice (docs/decisions/0112-practice-roles.md). A user holds roles per practice: a user linked
 * to two practices may be a doctor in one and the biller of the other. The server (the handler wrapper and the
 * account checks of lambdas/kernel/caller.ts) and the web menu both ask this module, so what a page offers and
 * what the server allows never disagree.
 */

export const PRACTICE_ROLES = ['practiceAdmin', 'doctor', 'staff', 'billing'] as const;
export type PracticeRole = (typeof PRACTICE_ROLES)[number];

export const PRACTICE_ROLE_LABELS: Record<PracticeRole, string> = {
  practiceAdmin: 'Practice admin',
  doctor: 'Doctor',
  staff: 'Staff',
  billing: 'Billing',
};

/**
 * What a practice route needs (the `practice` of a route-table entry):
 * - `orders`: orders, consults, warranty claims and their files, which name patients, and drafting an order;
 * - `submitOrders`: sending an order to the lab;
 * - `money`: invoices, Pay Online, receipts, statements and Lens Credit (no patient names: minimum necessary);
 * - `people`: the practice's people and settings.
 */
export const PRACTICE_ABILITIES = ['orders', 'submitOrders', 'money', 'people'] as const;
export type PracticeAbility = (typeof PRACTICE_ABILITIES)[number];

/** The practice's settings the rules read. `doctorApprovalRequired` is the seam of the doctor's approval queue. */
export interface PracticeRoleSettings {
  /** Staff see orders without prices. */
  hidePricesFromStaff?: boolean | undefined;
  /**
   * Staff only draft; a doctor approves and submits. Not yet settable: the approval queue is a later slice, and
   * until it lands this stays false, so staff submit as before.
   */
  doctorApprovalRequired?: boolean | undefined;
}

const GRANTS: Record<PracticeAbility, readonly PracticeRole[]> = {
  orders: ['doctor', 'staff'],
  submitOrders: ['doctor', 'staff'],
  money: ['practiceAdmin', 'billing'],
  people: ['practiceAdmin'],
};

/**
 * Links made before practice roles existed have no roles stored: such a user keeps every right they had
 * (practice admin and doctor together grant every ability), so no current practice loses anything.
 */
export const LEGACY_ROLES: readonly PracticeRole[] = ['practiceAdmin', 'doctor'];
/** The first user linked to a practice runs it; the lab can change that. */
export const FIRST_USER_ROLES: readonly PracticeRole[] = ['practiceAdmin', 'doctor'];
/** Who joins an existing practice without roles named (a lab link, an approved join request) starts as staff. */
export const JOINER_ROLES: readonly PracticeRole[] = ['staff'];

/** A user's stored roles per practice (the users record's `practiceRoles`, keyed by account number). */
export type PracticeRolesByAccount = Partial<Record<string, readonly PracticeRole[]>>;

/** The user's roles in one practice they are linked to (legacy links: LEGACY_ROLES). */
export function rolesIn(practiceRoles: PracticeRolesByAccount | undefined, accountNumber: string): PracticeRole[] {
  const stored = practiceRoles?.[accountNumber];
  return [...(stored ?? LEGACY_ROLES)];
}

/** Whether these roles allow the ability, under the practice's settings. */
export function permits(
  roles: readonly PracticeRole[],
  ability: PracticeAbility,
  settings: PracticeRoleSettings = {},
): boolean {
  if (ability === 'submitOrders' && settings.doctorApprovalRequired) return roles.includes('doctor');
  return GRANTS[ability].some((role) => roles.includes(role));
}

/** Prices on orders and the order form: hidden from a user who is only staff when the practice says so. */
export function seesPrices(roles: readonly PracticeRole[], settings: PracticeRoleSettings = {}): boolean {
  if (!settings.hidePricesFromStaff) return true;
  return roles.some((role) => role !== 'staff');
}

/** Roles as stored: known ones, each once, in the canonical order. */
export function normalizedRoles(roles: readonly string[]): PracticeRole[] {
  return PRACTICE_ROLES.filter((role) => roles.includes(role));
}

/** The roles a user gets on being linked to a practice that already has `linkedUsers` other users. */
export const rolesOnJoining = (linkedUsers: number): PracticeRole[] => [
  ...(linkedUsers === 0 ? FIRST_USER_ROLES : JOINER_ROLES),
];
