import { FORM_MESSAGES } from '../../../../../core/messages';
import { AUDIT_ACTIONS, type AuditAction } from '../../../../../core/schemas/audit';
import { accountNumberSchema } from '../../../../../core/schemas/account-number';
import type { AuditEventsInput } from '../api/audit-queries';

/**
 * The Audit page's filters as they sit in the URL (?user=a@lab.test&account=BV-1001&action=user.role&from=
 * 2025-06-01&to=2025-06-30), so a reload or a shared link keeps the view. Anything malformed is no filter.
 */
export interface AuditFilters {
  user: string;
  account: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isAction = (value: string | null): value is AuditAction =>
  value !== null && (AUDIT_ACTIONS as readonly string[]).includes(value);
const dayOrEmpty = (value: string | null) => (value && DAY.test(value) ? value : '');

export function auditFiltersFromParams(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  return {
    user: (params.get('user') ?? '').slice(0, 254),
    account: (params.get('account') ?? '').slice(0, 32),
    action: isAction(action) ? action : '',
    from: dayOrEmpty(params.get('from')),
    to: dayOrEmpty(params.get('to')),
  };
}

const KEYS = ['user', 'account', 'action', 'from', 'to'] as const;

/** The filters written back; empty ones are left out, other keys kept. */
export function withAuditFilters(params: URLSearchParams, filters: AuditFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    next.delete(key);
    const value = filters[key].trim();
    if (value) next.set(key, value);
  }
  return next;
}

/** Field messages for filters that cannot be sent as they are (the list is then not asked). */
export function auditFilterErrors(filters: AuditFilters): { account?: string; from?: string } {
  const errors: { account?: string; from?: string } = {};
  const account = filters.account.trim();
  if (account) {
    const parsed = accountNumberSchema.safeParse(account);
    if (!parsed.success) errors.account = parsed.error.issues[0]?.message ?? FORM_MESSAGES.invalidAccountNumber;
  }
  if (filters.from && filters.to && filters.from > filters.to) errors.from = FORM_MESSAGES.startAfterEnd;
  return errors;
}

export function auditEventsInput(filters: AuditFilters, limit: number): AuditEventsInput {
  const user = filters.user.trim();
  const account = filters.account.trim();
  return {
    limit,
    ...(user ? { user } : {}),
    ...(account ? { accountNumber: account.toUpperCase() } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}
