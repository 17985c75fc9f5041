import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { OrderSummary } from '../../../../../core/schemas/order';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { OrderStatusBadge } from '../../../components/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CursorPager } from '../../../components/ui/cursor-pager';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { dateTime } from '../../../lib/format-time';
import { useOrderQueue } from '../api/list-orders';
import {
  QUEUE_TABS,
  filterErrors,
  filtersFromParams,
  isWaiting,
  paramsFromFilters,
  queueInput,
  type QueueFilters,
  type QueueStatus,
} from './queue-filters';
import { waitingTime } from './waiting-time';
import list from '../../../components/list-page.module.css';
import styles from './order-queue.module.css';

export const QUEUE_PAGE_SIZE = 25;
const TYPING_PAUSE_MS = 350;

/** The detail page of an order; the queue's query string travels along so "Back to the queue" restores it. */
export const orderDetailPath = (orderId: string) => `/admin/order-approval/${encodeURIComponent(orderId)}`;

const lensesOf = (order: OrderSummary) =>
  order.lenses.length ? order.lenses.map((lens) => `${lens.eye}: ${lens.name}`).join(', ') : '—';

const dateOnly = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

/**
 * /admin/order-approval: the lab's queue, one status at a time, oldest first (issue 5 item 5). Every filter
 * lives in the query string, so a reload, a shared link or the back button keeps the view. Typed filters
 * (account, search) are sent once the user pauses; the page restarts at 1 whenever a filter changes.
 */
export function OrderQueue() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersFromParams(params);

  // The typed fields answer every keystroke locally; the URL (and the server) only get the settled value.
  const [accountText, setAccountText] = useState(filters.account);
  const [searchText, setSearchText] = useState(filters.q);
  const settledAccount = useDebouncedValue(accountText, TYPING_PAUSE_MS);
  const settledSearch = useDebouncedValue(searchText, TYPING_PAUSE_MS);
  // Set when an order is opened: the route change is a transition (the detail page loads lazily) and the
  // queue stays mounted meanwhile, so a typed filter settling then would navigate back to the queue.
  const leaving = useRef(false);

  const update = (change: Partial<QueueFilters>) =>
    setParams(paramsFromFilters({ ...filtersFromParams(params), ...change }), { replace: true });

  useEffect(() => {
    if (leaving.current) return;
    const current = filtersFromParams(params);
    if (current.account === settledAccount.trim() && current.q === settledSearch.trim()) return;
    setParams(paramsFromFilters({ ...current, account: settledAccount, q: settledSearch }), { replace: true });
    // Only a settled value should write the URL; params changing on their own must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledAccount, settledSearch]);

  const errors = filterErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const input = queueInput(filters, QUEUE_PAGE_SIZE);
  const filterKey = JSON.stringify(input);

  const pages = useCursorPages();
  const { reset } = pages;
  useEffect(() => reset(), [filterKey, reset]);

  const query = useOrderQueue({ ...input, ...(pages.cursor ? { cursor: pages.cursor } : {}) }, valid);
  const items = query.data?.items ?? [];
  const filtered = Boolean(filters.account || filters.from || filters.to || filters.q);
  const statusLabel = QUEUE_TABS.find((tab) => tab.key === filters.status)?.label ?? '';

  const columns: Column<OrderSummary>[] = [
    {
      key: 'order',
      header: 'Order',
      primary: true,
      render: (order) => (
        <Link
          className={styles.orderLink}
          to={orderDetailPath(order.orderId)}
          state={{ queueSearch: location.search }}
          onClick={(event) => {
            // A click that opens another tab leaves this page as it is.
            if (!event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0)
              leaving.current = true;
          }}
          aria-label={`Open order ${order.orderNumber ?? order.orderId} for ${order.patient}`}
        >
          {order.orderNumber ?? 'Draft'}
        </Link>
      ),
    },
    { key: 'account', header: 'Account', render: (order) => order.accountNumber },
    { key: 'patient', header: 'Patient', render: (order) => order.patient },
    { key: 'po', header: 'PO', render: (order) => order.poNumber || '—' },
    { key: 'lenses', header: 'Lenses', render: lensesOf },
    {
      key: 'submitted',
      header: 'Submitted',
      render: (order) =>
        order.submittedAt ? <time dateTime={order.submittedAt}>{dateOnly(order.submittedAt)}</time> : '—',
    },
    {
      key: 'waiting',
      header: 'Waiting',
      render: (order) =>
        isWaiting(order.status) ? (
          <span title={`${statusLabel} since ${dateTime(order.statusAt)}`}>{waitingTime(order.statusAt)}</span>
        ) : (
          '—'
        ),
    },
    { key: 'status', header: 'Status', render: (order) => <OrderStatusBadge status={order.status} /> },
  ];

  return (
    <Card title="Orders">
      <Tabs
        label="Order status"
        tabs={QUEUE_TABS}
        selected={filters.status}
        onSelect={(status: QueueStatus) => update({ status })}
      >
        <div className={styles.filters}>
          <TextField
            label="Search"
            type="search"
            className={styles.search}
            placeholder="Order number, patient or PO"
            value={searchText}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => setSearchText(event.target.value)}
          />
          <TextField
            label="Account number"
            className={styles.account}
            value={accountText}
            maxLength={32}
            autoComplete="off"
            error={errors.account}
            onChange={(event) => setAccountText(event.target.value)}
          />
          <TextField
            label="Submitted from"
            type="date"
            className={styles.date}
            value={filters.from}
            onChange={(event) => update({ from: event.target.value })}
          />
          <TextField
            label="Submitted to"
            type="date"
            className={styles.date}
            value={filters.to}
            error={errors.to}
            onChange={(event) => update({ to: event.target.value })}
          />
          {filtered ? (
            <Button
              variant="ghost"
              size="sm"
              className={styles.clear}
              onClick={() => {
                setAccountText('');
                setSearchText('');
                setParams(paramsFromFilters({ status: filters.status, account: '', from: '', to: '', q: '' }), {
                  replace: true,
                });
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>

        <p className={list.count} role="status">
          {query.isFetching ? (
            <>
              <Spinner size={14} /> Loading orders…
            </>
          ) : query.isSuccess ? (
            `${items.length} ${items.length === 1 ? 'order' : 'orders'} on this page, oldest first`
          ) : null}
        </p>

        {!valid ? null : query.isError ? (
          <Alert tone="error" title="The orders could not be loaded">
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : query.isPending ? null : items.length === 0 ? (
          <EmptyState
            title={
              pages.page > 1
                ? 'No more orders'
                : filtered
                  ? 'No orders match these filters'
                  : `No orders ${statusLabel.toLowerCase()}`
            }
          >
            {filtered
              ? 'Search matches an order number, a patient or a PO number. Clear the filters to see every order.'
              : filters.status === 'submitted'
                ? 'Orders practices submit appear here, oldest first.'
                : null}
          </EmptyState>
        ) : (
          <DataTable
            caption={`${statusLabel} orders, oldest first`}
            columns={columns}
            rows={items}
            rowKey={(order) => order.orderId}
            busy={query.isPlaceholderData}
          />
        )}
        <CursorPager label="Orders" pages={pages} nextCursor={query.data?.nextCursor} loading={query.isFetching} />
      </Tabs>
    </Card>
  );
}
