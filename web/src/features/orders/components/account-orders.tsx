import { PAGE_PATHS, pagePaths } from '../../../../../core/page-paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CUSTOMER_LIST } from '../../../../../core/constants';
import type { CustomerInfo } from '../../../../../core/schemas/customers/customer-info';
import type { OrderSummary } from '../../../../../core/schemas/orders';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { OrderStatusBadge } from '../shared/order-status-badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { SearchField } from '../../../components/ui/search-field';
import { callRoute } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/form-errors';
import { dateTime } from '../../../lib/format-time';
import { useAccountOrders } from '../api/order-queries';
import { orderKeys } from '../api/query-keys';
import styles from './account-orders.module.css';

// The session's customer-info request asks for the same page size (firstPage below).
const PAGE_SIZE = CUSTOMER_LIST.defaultRecords;

const columns: Column<OrderSummary>[] = [
  {
    key: 'order',
    header: 'Order',
    primary: true,
    render: (o) => (
      <Link
        className={styles.orderLink}
        to={o.status === 'draft' ? pagePaths.orderForm({ draft: o.orderId }) : pagePaths.order(o.orderId)}
      >
        {o.orderNumber ?? 'Draft'}
      </Link>
    ),
  },
  { key: 'patient', header: 'Patient', render: (o) => o.patient || '-' },
  { key: 'lenses', header: 'Lenses', render: (o) => o.lenses.map((l) => `${l.eye}: ${l.name}`).join(', ') || '-' },
  { key: 'status', header: 'Status', render: (o) => <OrderStatusBadge status={o.status} /> },
  {
    key: 'statusAt',
    header: 'Last change',
    render: (o) => <time dateTime={o.statusAt}>{dateTime(o.statusAt)}</time>,
  },
];

/**
 * The customer dashboard's orders: the account's orders paged through getCustomerInfo (25 a
 * page from page 1), a search by patient (listAccountOrders), and the latest status changes.
 */
export function AccountOrders({
  account,
  userId,
  firstPage,
}: {
  account: string;
  userId: string;
  /** Page 1 of the account as the session already loaded it (and when): shown instead of asking again. */
  firstPage?: { info: CustomerInfo; loadedAt: number } | null;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const queryClient = useQueryClient();
  const info = useQuery({
    queryKey: orderKeys.customerInfo(userId, account, page),
    queryFn: () => callRoute('getCustomerInfo', { account, page, records: PAGE_SIZE }),
    placeholderData: (previous) => previous,
    // Fresh or stale by when the session loaded it, as if this query had made that request itself.
    ...(page === 1 && firstPage?.info.accountNumber === account
      ? { initialData: firstPage.info, initialDataUpdatedAt: firstPage.loadedAt }
      : {}),
  });
  // A newer page 1 from the session (its fresh answer after the one kept from the last visit) replaces the shown one.
  const firstInfo = firstPage?.info.accountNumber === account ? firstPage.info : null;
  const firstLoadedAt = firstPage?.loadedAt ?? 0;
  useEffect(() => {
    if (!firstInfo) return;
    const key = orderKeys.customerInfo(userId, account, 1);
    if (firstLoadedAt > (queryClient.getQueryState(key)?.dataUpdatedAt ?? 0)) {
      queryClient.setQueryData(key, firstInfo, { updatedAt: firstLoadedAt });
    }
  }, [queryClient, userId, account, firstInfo, firstLoadedAt]);
  const found = useAccountOrders({ accountNumber: account, search }, search !== '');
  // Checked against the route's output schema when they arrived (lib/api-client.ts), and kept from such an answer.
  const listed = info.data?.orders ?? [];
  const rows = search ? (found.data?.items ?? []) : listed;
  const total = info.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const latest = [...listed]
    .filter((o) => o.status !== 'draft')
    .sort((a, b) => (a.statusAt < b.statusAt ? 1 : -1))
    .slice(0, 5);
  const loading = info.isPending || (search !== '' && found.isPending);

  return (
    <>
      <Card title="Latest status changes">
        {latest.length === 0 ? (
          <p className={styles.muted}>No status changes yet.</p>
        ) : (
          <ul className={styles.latest}>
            {latest.map((o) => (
              <li key={o.orderId}>
                <Link to={pagePaths.order(o.orderId)}>{o.orderNumber}</Link> {o.patient}{' '}
                <OrderStatusBadge status={o.status} /> <time dateTime={o.statusAt}>{dateTime(o.statusAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Orders" className={styles.orders}>
        <SearchField label="Search by patient" placeholder="Patient name or reference" onSearch={setSearch} />
        {loading ? (
          <p className={styles.muted}>Loading orders…</p>
        ) : info.isError || found.isError ? (
          <p role="alert">The orders could not be loaded. {failureMessage(info.error ?? found.error, '')}</p>
        ) : rows.length === 0 ? (
          <EmptyState title={search ? 'No orders for that patient' : 'No orders yet'}>
            {search ? (
              'Check the spelling, or search by the reference used on the order.'
            ) : (
              <>
                Orders placed for account {account} will be listed here.{' '}
                <Link to={PAGE_PATHS.customerOrder}>Place an order</Link>
              </>
            )}
          </EmptyState>
        ) : (
          <DataTable
            caption={`Orders of account ${account}`}
            columns={columns}
            rows={rows}
            rowKey={(o) => o.orderId}
            busy={info.isFetching}
          />
        )}
        {!search && pages > 1 ? (
          <nav className={styles.pager} aria-label="Orders pages">
            <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span aria-live="polite">
              Page {page} of {pages}
            </span>
            <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </nav>
        ) : null}
      </Card>
    </>
  );
}

/** Closed orders to reorder from (the dashboard's "Reorder" quick action). */
export function ReorderList({ account }: { account: string }) {
  const closed = useAccountOrders({ accountNumber: account, status: 'closed' });
  const rows = closed.data?.items ?? [];
  if (closed.isPending) return <p className={styles.muted}>Loading shipped orders…</p>;
  if (rows.length === 0)
    return <EmptyState title="Nothing to reorder yet">Shipped orders can be reordered here.</EmptyState>;
  return (
    <DataTable
      caption="Shipped orders to reorder"
      rows={rows}
      rowKey={(o) => o.orderId}
      columns={[
        ...columns.slice(0, 3),
        {
          key: 'reorder',
          header: 'Reorder',
          actions: true,
          render: (o) => (
            <Link to={pagePaths.orderForm({ from: o.orderId, kind: 'reorder' })}>Reorder {o.orderNumber}</Link>
          ),
        },
      ]}
    />
  );
}
