import { pagePaths } from '../../../../../core/page-paths';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { PlacedStatus } from '../../../../../core/rules/order-lifecycle';
import type { OrderSummary } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { TypedFilterBar } from '../../../components/typed-filter-bar';
import { OrderStatusBadge } from '../shared/order-status-badge';
import type { Column } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useTypedFilters } from '../../../hooks/use-typed-filters';
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
} from './queue-filters';
import { waitingTime } from './waiting-time';
import list from '../../../components/list-page.module.css';
import styles from './order-queue.module.css';

export const QUEUE_PAGE_SIZE = 25;

/** The detail page of an order; the queue's query string travels along so "Back to the queue" restores it. */

const lensesOf = (order: OrderSummary) =>
  order.lenses.length ? order.lenses.map((lens) => `${lens.eye}: ${lens.name}`).join(', ') : '—';

const dateOnly = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

/**
 * /admin/order-approval: the lab's queue, one status at a time, oldest first. Every filter
 * lives in the query string, so a reload, a shared link or the back button keeps the view. Typed filters
 * (account, search) are sent once the user pauses; the page restarts at 1 whenever a filter changes.
 */
export function OrderQueue() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = filtersFromParams(params);

  // Set when an order is opened: the route change is a transition (the detail page loads lazily) and the
  // queue stays mounted meanwhile, so a typed filter settling then would navigate back to the queue.
  const leaving = useRef(false);
  // The typed fields answer every keystroke locally; the URL (and the server) only get the settled value.
  const typed = useTypedFilters(
    filters,
    (settled) => setParams(paramsFromFilters({ ...filters, ...settled }), { replace: true }),
    () => leaving.current,
  );

  const update = (change: Partial<QueueFilters>) =>
    setParams(paramsFromFilters({ ...filtersFromParams(params), ...change }), { replace: true });

  const errors = filterErrors(filters);
  const valid = Object.keys(errors).length === 0;
  const input = queueInput(filters, QUEUE_PAGE_SIZE);
  const filterKey = JSON.stringify(input);

  const pages = useCursorPages();
  const { reset } = pages;
  useEffect(() => reset(), [filterKey, reset]);

  const query = useOrderQueue({ ...input, ...(pages.cursor ? { cursor: pages.cursor } : {}) }, valid);
  const filtered = Boolean(filters.account || filters.from || filters.to || filters.q);
  const statusLabel = QUEUE_TABS.find((tab) => tab.key === filters.status)?.label ?? '';

  const columns: Column<OrderSummary>[] = [
    {
      key: 'order',
      header: 'Order',
      primary: true,
      render: (order) => (
        <Link
          className={list.orderLink}
          to={pagePaths.labOrder(order.orderId)}
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
        onSelect={(status: PlacedStatus) => update({ status })}
      >
        <TypedFilterBar
          typed={typed}
          search={{
            label: 'Search',
            className: styles.search,
            placeholder: 'Order number, patient or PO',
            maxLength: 80,
          }}
          accountError={errors.account}
          onClear={
            filtered
              ? () =>
                  setParams(paramsFromFilters({ status: filters.status, account: '', from: '', to: '', q: '' }), {
                    replace: true,
                  })
              : null
          }
          clearClassName={styles.clear}
          dates={{
            labels: ['Submitted from', 'Submitted to'],
            value: filters,
            errors,
            className: styles.date,
            onChange: update,
          }}
        />

        <CursorTable
          query={query}
          pages={pages}
          count={{ loading: 'Loading orders…', noun: ['order', 'orders'], detail: 'on this page, oldest first' }}
          failed="The orders could not be loaded"
          empty={{
            title:
              pages.page > 1
                ? 'No more orders'
                : filtered
                  ? 'No orders match these filters'
                  : `No orders ${statusLabel.toLowerCase()}`,
            body: filtered
              ? 'Search matches an order number, a patient or a PO number. Clear the filters to see every order.'
              : filters.status === 'submitted'
                ? 'Orders practices submit appear here, oldest first.'
                : null,
          }}
          table={{
            caption: `${statusLabel} orders, oldest first`,
            columns,
            rowKey: (order) => order.orderId,
            pager: 'Orders',
          }}
          hidden={!valid}
        />
      </Tabs>
    </Card>
  );
}
