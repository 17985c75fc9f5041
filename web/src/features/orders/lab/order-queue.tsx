import { pagePaths } from '../../../../../core/page-paths';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { PlacedStatus } from '../../../../../core/rules/order-lifecycle';
import type { OrderSummary } from '../../../../../core/schemas/orders';
import {
  DEFAULT_PRODUCTION_STAGES,
  stageLabel,
  stageOfOrder,
  type ProductionStage,
} from '../../../../../core/rules/production-stages';
import { PROMISE_STATE_LABELS } from '../../../../../core/rules/shipping-methods';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { TypedFilterBar } from '../../../components/typed-filter-bar';
import { OrderStatusBadge } from '../shared/order-status-badge';
import type { Column } from '../../../components/ui/data-table';
import { Badge } from '../../../components/ui/badge';
import { SelectField } from '../../../components/ui/select-field';
import { Tabs } from '../../../components/ui/tabs';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useTypedFilters } from '../../../hooks/use-typed-filters';
import { dateTime, shortDay } from '../../../lib/format-time';
import { useOrderQueue } from '../api/list-orders';
import { useProductionSettings } from '../api/order-queries';
import {
  PRODUCTION_TAB,
  QUEUE_SORT_OPTIONS,
  QUEUE_TABS,
  filterErrors,
  filtersFromParams,
  isWaiting,
  paramsFromFilters,
  queueInput,
  sortOf,
  type QueueFilters,
} from './queue-filters';
import { StageMoveToolbar } from './stage-move-toolbar';
import { waitingTime } from './waiting-time';
import list from '../../../components/list-page.module.css';
import styles from './order-queue.module.css';

export const QUEUE_PAGE_SIZE = 25;

/** The detail page of an order; the queue's query string travels along so "Back to the queue" restores it. */

const lensesOf = (order: OrderSummary) =>
  order.lenses.length ? order.lenses.map((lens) => `${lens.eye}: ${lens.name}`).join(', ') : '—';

const dateOnly = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';

/** The ship-by day, with "At risk" or "Late" in words (the badge's color only repeats them). */
function ShipBy({ order }: { order: OrderSummary }) {
  if (!order.promise) return '—';
  const state = order.promiseState;
  return (
    <span className={styles.shipBy}>
      <time dateTime={order.promise.shipBy}>{shortDay(order.promise.shipBy)}</time>
      {state === 'at-risk' || state === 'late' ? (
        <Badge tone={state === 'late' ? 'danger' : 'warning'}>{PROMISE_STATE_LABELS[state]}</Badge>
      ) : null}
    </span>
  );
}

/**
 * /admin/order-approval: the lab's queue, one status at a time, oldest first. Every filter
 * lives in the query string, so a reload, a shared link or the back button keeps the view. Typed filters
 * (account, search) are sent once the user pauses; the page restarts at 1 whenever a filter changes.
 * The production tab adds each order's stage and ship-by day, a soonest-ship-by order, and the stage moves
 * of the orders chosen on the page shown.
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
  const production = filters.status === PRODUCTION_TAB;
  const bySoonest = sortOf(filters) === 'shipBy';
  const listOrder = bySoonest ? 'soonest ship-by day first' : 'oldest first';

  // The stage names are the lab's own; until they load, an order's stage reads with the default names.
  const settings = useProductionSettings(production);
  const stages: readonly ProductionStage[] = settings.data?.stages ?? DEFAULT_PRODUCTION_STAGES;

  // The orders chosen for a stage move, for the page shown only: another page or filter starts with none.
  const view = `${filterKey}|${pages.cursor ?? ''}`;
  const [choice, setChoice] = useState<{ view: string; ids: ReadonlySet<string> }>({ view, ids: new Set() });
  const chosen: ReadonlySet<string> = choice.view === view ? choice.ids : new Set();
  const setChosen = (ids: ReadonlySet<string>) => setChoice({ view, ids });
  const choose = (orderId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(orderId);
    else next.delete(orderId);
    setChosen(next);
  };

  const columns: Column<OrderSummary>[] = [
    {
      key: 'order',
      header: 'Order',
      primary: true,
      render: (order) => {
        const link = (
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
        );
        if (!production) return link;
        // Beside the number, so a narrow card starts with both.
        return (
          <span className={styles.orderCell}>
            <input
              type="checkbox"
              className={styles.check}
              aria-label={`Select order ${order.orderNumber ?? order.orderId}`}
              checked={chosen.has(order.orderId)}
              onChange={(event) => choose(order.orderId, event.target.checked)}
            />
            {link}
          </span>
        );
      },
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
    ...(production
      ? [
          {
            key: 'stage',
            header: 'Stage',
            render: (order: OrderSummary) => stageLabel(stages, stageOfOrder(order) ?? 'approved'),
          },
          { key: 'shipBy', header: 'Ship by', render: (order: OrderSummary) => <ShipBy order={order} /> },
        ]
      : [
          {
            key: 'status',
            header: 'Status',
            render: (order: OrderSummary) => <OrderStatusBadge status={order.status} />,
          },
        ]),
  ];
  const rows = query.data?.items ?? [];

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
                  setParams(
                    paramsFromFilters({
                      status: filters.status,
                      account: '',
                      from: '',
                      to: '',
                      q: '',
                      sort: filters.sort,
                    }),
                    { replace: true },
                  )
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
        >
          {production ? (
            <SelectField
              label="Sort"
              className={styles.sort}
              options={QUEUE_SORT_OPTIONS}
              value={filters.sort}
              {...(bySoonest ? { hint: 'Orders without a ship-by day are left out of this order.' } : {})}
              onChange={(event) => update({ sort: event.target.value === 'shipBy' ? 'shipBy' : 'oldest' })}
            />
          ) : null}
        </TypedFilterBar>

        {production && valid && query.isSuccess && rows.length > 0 ? (
          <StageMoveToolbar
            rows={rows}
            chosen={chosen}
            onChosenChange={setChosen}
            stages={settings.data?.stages ?? (settings.isError ? 'failed' : null)}
          />
        ) : null}

        <CursorTable
          query={query}
          pages={pages}
          count={{ loading: 'Loading orders…', noun: ['order', 'orders'], detail: `on this page, ${listOrder}` }}
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
            caption: `${statusLabel} orders, ${listOrder}`,
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
