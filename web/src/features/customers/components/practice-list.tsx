import { useCallback, useState } from 'react';
import {
  CUSTOMER_PAGE,
  CUSTOMER_STATUSES,
  type CustomerSummary,
} from '../../../../../core/schemas/customers/customer-admin';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CursorPager } from '../../../components/ui/cursor-pager';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useCustomers } from '../api/list-customers';
import list from '../../../components/list-page.module.css';
import styles from './practice-list.module.css';

type Status = (typeof CUSTOMER_STATUSES)[number];
const STATUS_OPTIONS = CUSTOMER_STATUSES.map((status) => ({
  value: status,
  label: status === 'active' ? 'Active practices' : 'Inactive practices',
}));

/** Customer Management's practices: search by name or account number, filter by status, page through. */
export function PracticeList({
  buyingGroupName,
  onOpen,
}: {
  buyingGroupName: (buyingGroupId: string) => string;
  onOpen: (accountNumber: string) => void;
}) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<Status>('active');
  const pages = useCursorPages();
  const { reset } = pages;
  const onSearch = useCallback(
    (next: string) => {
      setSearch(next);
      reset();
    },
    [reset],
  );
  const query = useCustomers({
    status,
    limit: CUSTOMER_PAGE.defaultLimit,
    ...(search ? { search } : {}),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });

  const columns: Column<CustomerSummary>[] = [
    {
      key: 'practice',
      header: 'Practice',
      primary: true,
      render: (practice) => (
        <span className={list.nameCell}>
          <button
            type="button"
            className="link-button"
            onClick={() => onOpen(practice.accountNumber)}
            aria-label={`Open ${practice.company || practice.accountNumber} (${practice.accountNumber})`}
          >
            {practice.company || 'Unnamed practice'}
          </button>
          <span className={`${list.nameDetail} ${styles.account}`}>{practice.accountNumber}</span>
        </span>
      ),
    },
    { key: 'phone', header: 'Phone', render: (practice) => practice.phone || '—' },
    {
      key: 'buyingGroup',
      header: 'Buying group',
      render: (practice) => (practice.buyingGroupId ? buyingGroupName(practice.buyingGroupId) : '—'),
    },
    {
      key: 'pricing',
      header: 'Pricing',
      render: (practice) => (practice.pricingAllowed ? <Badge tone="success">Shown</Badge> : <Badge>On request</Badge>),
    },
    {
      key: 'status',
      header: 'Status',
      render: (practice) =>
        practice.status === 'inactive' ? <Badge tone="warning">Inactive</Badge> : <Badge tone="success">Active</Badge>,
    },
  ];

  const items = query.data?.items ?? [];
  return (
    <Card title="Practices">
      <div className={list.toolbar}>
        <SearchField label="Search practices" placeholder="Practice name or account number" onSearch={onSearch} />
        <SelectField
          label="Show"
          className={list.toolbarSelect}
          options={STATUS_OPTIONS}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as Status);
            reset();
          }}
        />
      </div>
      <p className={list.count} role="status">
        {query.isFetching ? (
          <>
            <Spinner size={14} /> Loading practices…
          </>
        ) : query.isSuccess ? (
          `${items.length} ${items.length === 1 ? 'practice' : 'practices'} on this page`
        ) : null}
      </p>
      {query.isError ? (
        <Alert tone="error" title="The practices could not be loaded">
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.isPending ? null : items.length === 0 ? (
        <EmptyState
          title={pages.page > 1 ? 'No more practices' : search ? `No practices match "${search}"` : 'No practices yet'}
        >
          {search
            ? 'Search matches the start of a practice name, or a whole account number.'
            : 'Create a practice, or approve an account request.'}
        </EmptyState>
      ) : (
        <DataTable
          caption="Practices"
          columns={columns}
          rows={items}
          rowKey={(practice) => practice.accountNumber}
          busy={query.isPlaceholderData}
        />
      )}
      <CursorPager label="Practices" pages={pages} nextCursor={query.data?.nextCursor} loading={query.isFetching} />
    </Card>
  );
}
