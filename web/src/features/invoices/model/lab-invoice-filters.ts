import { FORM_MESSAGES } from '../../../../../core/messages';
import { accountNumberSchema } from '../../../../../core/schemas/account-number';
import { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../../../core/schemas/invoices';
import type { LabInvoicesInput } from '../api/invoice-queries';

/**
 * The lab's Invoices filters as they sit in the URL (?status=open&account=BV-1001&overdue=1&q=INV-10), so a
 * reload, a shared link or the back button keeps the view. Anything malformed falls back to "no filter".
 */
export interface LabInvoiceFilters {
  status: InvoiceStatus | 'all';
  account: string;
  overdueOnly: boolean;
  q: string;
}

export const STATUS_TABS: ReadonlyArray<{ key: InvoiceStatus | 'all'; label: string }> = [
  { key: 'all', label: 'All' },
  ...INVOICE_STATUSES.map((status) => ({ key: status, label: INVOICE_STATUS_LABELS[status] })),
];

const isStatus = (value: string | null): value is InvoiceStatus =>
  value !== null && (INVOICE_STATUSES as readonly string[]).includes(value);

export function labFiltersFromParams(params: URLSearchParams): LabInvoiceFilters {
  const status = params.get('status');
  return {
    status: isStatus(status) ? status : 'all',
    account: (params.get('account') ?? '').slice(0, 32),
    overdueOnly: params.get('overdue') === '1',
    q: (params.get('q') ?? '').slice(0, 40),
  };
}

/** The filters written back; defaults are left out, and other keys (the open invoice) are kept. */
export function withLabFilters(params: URLSearchParams, filters: LabInvoiceFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['status', 'account', 'overdue', 'q']) next.delete(key);
  if (filters.status !== 'all') next.set('status', filters.status);
  if (filters.account.trim()) next.set('account', filters.account.trim());
  if (filters.overdueOnly) next.set('overdue', '1');
  if (filters.q.trim()) next.set('q', filters.q.trim());
  return next;
}

/** The account filter's message when it cannot be an account number (the list is then not asked). */
export function accountFilterError(account: string): string | undefined {
  const value = account.trim();
  if (!value) return undefined;
  const parsed = accountNumberSchema.safeParse(value);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? FORM_MESSAGES.invalidAccountNumber);
}

export function labInvoicesInput(filters: LabInvoiceFilters, limit: number): LabInvoicesInput {
  const account = filters.account.trim();
  const search = filters.q.trim();
  return {
    limit,
    overdueOnly: filters.overdueOnly,
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(account ? { accountNumber: account.toUpperCase() } : {}),
    ...(search ? { search: search.toUpperCase() } : {}),
  };
}
