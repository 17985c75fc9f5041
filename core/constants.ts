/** Business constants of the old portal (spec 9 unless noted). Stage config may override the timers. */
export const APP_VERSION = '1.0.1'; // spec 1

export const SESSION = {
  inactivityTimeoutMs: 60 * 60 * 1000, // spec 9: 60 min
  warningAfterMs: 55 * 60 * 1000, // spec 9: warning starts at minute 55
  warningCountdownSeconds: 300, // spec 2, 9
  countdownTickMs: 1000,
  activityThrottleMs: 1000,
  activitySyncMs: 60_000,
  activityMinWriteIntervalMs: 30_000,
  timerStartDelayAfterLoginMs: 500,
  tokenRefreshMs: 3_300_000, // spec 4: 55 minutes
} as const;

export const CUSTOMER_LIST = { defaultPage: 1, defaultRecords: 25 } as const; // spec 9

export const UI = {
  copyConfirmationMs: 3000,
  mobileBreakpointPx: 768,
  sidebarOpenPx: 192,
  sidebarCollapsedPx: 40,
  toastTimeoutMs: 5000,
  toastExtendedTimeoutMs: 1000,
  toastMaxOpen: 5,
} as const;

export const SERVER_FUNCTION_TIMEOUT_MS = 70_000; // spec 7
/**
 * spec 9 storage retry time: a file operation (list, download link, delete, attach) keeps retrying a failure
 * that may pass (no answer, 408, 429, 5xx) for 120 s from its start, an upload for 600 s; the wait between
 * attempts doubles from 1 s up to 30 s.
 */
export const STORAGE_RETRY = {
  operationMs: 120_000,
  uploadMs: 600_000,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
} as const;

/**
 * Cognito groups; a super admin is in both `admin` and `superadmin` (docs/architecture.md "Roles and the route
 * guard"). `billing` is a permission, not a role: a super admin gives it to named admins (voiding invoices,
 * recording payments, granting credit; docs/decisions/0091-billing-is-a-permission-of-named-staff.md).
 */
export const GROUPS = ['customer', 'admin', 'superadmin', 'billing'] as const;
export type Group = (typeof GROUPS)[number];
