import { useState } from 'react';
import {
  CUSTOMER_PAGE,
  CUSTOMER_STATUSES,
  type CustomerSummary,
} from '../../../../../core/schemas/customers/customer-admin';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { Badge } from '../../../components/ui/badge';
import type { Column } from '../../../components/ui/data-table';
import { SearchField } from '../../../components/ui/search-field';
import { SelectField } from '../../../components/ui/select-field';
import { useSearchedPages } from '../../../hooks/use-cursor-pages';
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
  const [status, setStatus] = useState<Status>('active');
  const { search, onSearch, pages } = useSearchedPages();
  const { reset } = pages;
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
      <CursorTable
        query={query}
        pages={pages}
        table={{ caption: 'Practices', columns, rowKey: (practice) => practice.accountNumber, pager: 'Practices' }}
        count={{ loading: 'Loading practices…', noun: ['practice', 'practices'], detail: 'on this page' }}
        failed="The practices could not be loaded"
        empty={{
          title: pages.page > 1 ? 'No more practices' : search ? `No practices match "${search}"` : 'No practices yet',
          body: search
            ? 'Search matches the start of a practice name, or a whole account number.'
            : 'Create a practice, or approve an account request.',
        }}
      />
    </Card>
  );
}
