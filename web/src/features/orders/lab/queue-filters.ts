import { FORM_MESSAGES } from '../../../../../core/messages';
import {
  ORDER_STATUS_LABELS,
  PLACED_STATUSES,
  WAITING_STATUSES,
  type OrderStatus,
  type PlacedStatus,
} from '../../../../../core/rules/order-lifecycle';
import { accountNumberSchema } from '../../../../../core/schemas/account-number';
import type { QueueSort } from '../../../../../core/schemas/orders';
import type { ListOrdersInput } from '../api/list-orders';

export const QUEUE_TABS = PLACED_STATUSES.map((status) => ({ key: status, label: ORDER_STATUS_LABELS[status] }));

/** The queue's filters as they sit in the URL (?status=on-hold&account=BV-1001&from=...&to=...&q=...&sort=shipBy). */
export interface QueueFilters {
  status: PlacedStatus;
  account: string;
  from: string;
  to: string;
  q: string;
  sort: QueueSort;
}

/** The tab whose orders are in the lab's hands: it shows their stage and ship-by day, and moves stages. */
export const PRODUCTION_TAB: PlacedStatus = 'approved';

/** The orders the production tab may list them in; the other tabs keep their one order, oldest first. */
export const QUEUE_SORT_OPTIONS: ReadonlyArray<{ value: QueueSort; label: string }> = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'shipBy', label: 'Ship by (soonest first)' },
];

/** The sort the list is asked for: only the production tab offers another than the default. */
export const sortOf = (filters: QueueFilters): QueueSort =>
  filters.status === PRODUCTION_TAB ? filters.sort : 'oldest';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isQueueStatus = (value: string | null): value is PlacedStatus =>
  value !== null && (PLACED_STATUSES as readonly string[]).includes(value);

/** Reads the filters from the query string; anything malformed (a hand-edited URL) falls back to "no filter". */
export function filtersFromParams(params: URLSearchParams): QueueFilters {
  const status = params.get('status');
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    status: isQueueStatus(status) ? status : 'submitted',
    account: (params.get('account') ?? '').slice(0, 32),
    from: date('from'),
    to: date('to'),
    q: (params.get('q') ?? '').slice(0, 80),
    sort: params.get('sort') === 'shipBy' ? 'shipBy' : 'oldest',
  };
}

/** The query string for the filters; the defaults are left out so the plain queue has a plain URL. */
export function paramsFromFilters(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status !== 'submitted') params.set('status', filters.status);
  if (filters.account.trim()) params.set('account', filters.account.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (sortOf(filters) !== 'oldest') params.set('sort', sortOf(filters));
  return params;
}

/** Why the filters cannot be sent as they are, by field (shown beside the field; the list is not asked). */
export function filterErrors(filters: QueueFilters): Partial<Record<'account' | 'to', string>> {
  const errors: Partial<Record<'account' | 'to', string>> = {};
  const account = filters.account.trim();
  if (account) {
    const parsed = accountNumberSchema.safeParse(account);
    if (!parsed.success) errors.account = parsed.error.issues[0]?.message ?? FORM_MESSAGES.invalidAccountNumber;
  }
  if (filters.from && filters.to && filters.to < filters.from) errors.to = 'The end date is before the start date';
  return errors;
}

/** The listOrders input for the filters (without the page cursor). */
export function queueInput(filters: QueueFilters, limit: number): ListOrdersInput {
  const account = filters.account.trim();
  const search = filters.q.trim();
  return {
    status: filters.status,
    limit,
    ...(account ? { accountNumber: account.toUpperCase() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(search ? { search } : {}),
    ...(sortOf(filters) === 'oldest' ? {} : { sort: sortOf(filters) }),
  };
}

/** Statuses where the order is still waiting on the lab, so the time in that status is worth showing. */
export const isWaiting = (status: OrderStatus) => WAITING_STATUSES.includes(status);
