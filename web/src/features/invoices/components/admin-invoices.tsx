import { LOAD_MESSAGES } from '../../../../../core/messages';
import { pagePaths } from '../../../../../core/page-paths';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPayable } from '../../../../../core/rules/invoice-balance';
import type { CustomerInvoice, InvoiceStatus, InvoiceSummary } from '../../../../../core/schemas/invoices';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { TypedFilterBar } from '../../../components/typed-filter-bar';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import type { Column } from '../../../components/ui/data-table';
import { LoadingLine, Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { useTypedFilters } from '../../../hooks/use-typed-filters';
import { isNotFound, useInvoice, useLabInvoices } from '../api/invoice-queries';
import {
  STATUS_TABS,
  accountFilterError,
  labFiltersFromParams,
  labInvoicesInput,
  withLabFilters,
  type LabInvoiceFilters,
} from '../model/lab-invoice-filters';
import { INVOICE_PAGE_WORDS, invoiceColumns } from './invoice-columns';
import { InvoiceDetail } from './invoice-detail';
import { RecordInvoiceDialog } from './record-invoice-dialog';
import { ApplyCreditDialog } from './apply-credit-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog, refundablePayments } from './refund-dialog';
import { VoidInvoiceDialog } from './void-invoice-dialog';
import styles from './invoices.module.css';

export const LAB_INVOICE_PAGE_SIZE = 25;

interface OpenInvoice {
  invoiceNumber: string;
  accountNumber: string;
}

/**
 * /admin/invoices (admins): every account's invoices, filtered by status, account, overdue and
 * number (filters in the query string, as in Order Approval), with cursor paging; an invoice's detail with
 * the lab's actions (record an offline payment, void with a reason); "Record invoice" for one made by hand.
 */
export function AdminInvoices({ mayMoveMoney }: { mayMoveMoney: boolean }) {
  const [open, setOpen] = useState<OpenInvoice | null>(null);
  const [recording, setRecording] = useState(false);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Every practice's invoices, newest first. Open one to record a check or transfer, apply credit, refund a card payment, or void it."
        actions={<Button onClick={() => setRecording(true)}>Record invoice</Button>}
      />
      {/* The list stays mounted under the detail, so its filters and page are there on the way back. */}
      <div hidden={open !== null}>
        <InvoiceList onOpen={setOpen} />
      </div>
      {open ? <LabInvoiceDetail {...open} mayMoveMoney={mayMoveMoney} onBack={() => setOpen(null)} /> : null}
      {recording ? (
        <RecordInvoiceDialog
          onClose={() => setRecording(false)}
          onCreated={(invoice) => {
            setRecording(false);
            setOpen({ invoiceNumber: invoice.invoiceNumber, accountNumber: invoice.accountNumber });
          }}
        />
      ) : null}
    </>
  );
}

function InvoiceList({ onOpen }: { onOpen: (invoice: OpenInvoice) => void }) {
  const [params, setParams] = useSearchParams();
  const filters = labFiltersFromParams(params);
  const update = (change: Partial<LabInvoiceFilters>) =>
    setParams(withLabFilters(params, { ...labFiltersFromParams(params), ...change }), { replace: true });
  const typed = useTypedFilters(filters, (settled) =>
    setParams(withLabFilters(params, { ...filters, ...settled }), { replace: true }),
  );

  const accountError = accountFilterError(filters.account);
  const input = labInvoicesInput(filters, LAB_INVOICE_PAGE_SIZE);
  const filterKey = JSON.stringify(input);
  const pages = useCursorPages();
  const { reset } = pages;
  useEffect(() => reset(), [filterKey, reset]);

  const query = useLabInvoices({ ...input, ...(pages.cursor ? { cursor: pages.cursor } : {}) }, !accountError);
  const filtered = Boolean(filters.account || filters.q || filters.overdueOnly);
  const statusLabel = STATUS_TABS.find((tab) => tab.key === filters.status)?.label ?? '';

  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'invoice',
      header: 'Invoice',
      primary: true,
      render: (invoice) => (
        <button
          type="button"
          className={`link-button ${styles.invoiceLink}`}
          onClick={() => onOpen({ invoiceNumber: invoice.invoiceNumber, accountNumber: invoice.accountNumber })}
          aria-label={`Open invoice ${invoice.invoiceNumber}`}
        >
          {invoice.invoiceNumber}
        </button>
      ),
    },
    { key: 'account', header: 'Account', render: (invoice) => invoice.accountNumber },
    ...invoiceColumns({ issuedHeader: 'Issued' }),
  ];

  return (
    <Card title="Invoices">
      <Tabs
        label="Invoice status"
        tabs={STATUS_TABS}
        selected={filters.status}
        onSelect={(status: InvoiceStatus | 'all') => update({ status })}
      >
        <TypedFilterBar
          typed={typed}
          search={{
            label: 'Invoice number',
            className: styles.search,
            placeholder: 'Starts with, e.g. INV-10',
            maxLength: 40,
          }}
          accountError={accountError}
          onClear={filtered ? () => update({ account: '', q: '', overdueOnly: false }) : null}
        >
          <CheckboxField
            label="Overdue only"
            className={styles.overdueOnly}
            checked={filters.overdueOnly}
            onChange={(event) => update({ overdueOnly: event.target.checked })}
          />
        </TypedFilterBar>

        <CursorTable
          query={query}
          pages={pages}
          {...INVOICE_PAGE_WORDS}
          empty={{
            title: pages.page > 1 ? 'No more invoices' : filtered ? 'No invoices match these filters' : 'No invoices',
            body: filtered
              ? 'The number search matches the start of an invoice number. Clear the filters to see every invoice.'
              : 'Invoices are issued when an order is closed, or recorded here by hand.',
          }}
          table={{
            caption: `${statusLabel} invoices, newest first`,
            columns,
            rowKey: (invoice) => invoice.invoiceNumber,
            pager: 'Invoices',
          }}
          hidden={Boolean(accountError)}
        />
      </Tabs>
    </Card>
  );
}

type LabAction = 'void' | 'payment' | 'refund' | 'credit';

/** One invoice as the lab sees it, with the actions its status allows. */
function LabInvoiceDetail({
  invoiceNumber,
  accountNumber,
  mayMoveMoney,
  onBack,
}: OpenInvoice & { mayMoveMoney: boolean; onBack: () => void }) {
  const query = useInvoice(invoiceNumber, accountNumber);
  const [action, setAction] = useState<LabAction | null>(null);
  const back = (
    <button type="button" className={`link-button ${styles.back}`} onClick={onBack}>
      <span aria-hidden="true">← </span>Back to invoices
    </button>
  );
  const invoice: CustomerInvoice | undefined = query.data;

  if (query.isPending)
    return (
      <>
        {back}
        <LoadingLine className={styles.loading}>Loading the invoice…</LoadingLine>
      </>
    );
  if (!invoice)
    return (
      <>
        {back}
        {isNotFound(query.error) ? (
          <EmptyState title="Invoice not found">
            No invoice {invoiceNumber} for account {accountNumber}.
          </EmptyState>
        ) : (
          <LoadFailed title={LOAD_MESSAGES.invoice} onRetry={() => void query.refetch()} />
        )}
      </>
    );

  const payable = isPayable(invoice.status);
  return (
    <>
      {back}
      <Card title={`Invoice ${invoice.invoiceNumber}`}>
        {mayMoveMoney ? (
          <div className={`${styles.detailActions} ${styles.labActions}`} role="group" aria-label="Invoice actions">
            {payable ? <Button onClick={() => setAction('payment')}>Record payment…</Button> : null}
            {payable && invoice.balanceCents > 0 ? (
              <Button variant="secondary" onClick={() => setAction('credit')}>
                Apply credit…
              </Button>
            ) : null}
            {refundablePayments(invoice).length ? (
              <Button variant="secondary" onClick={() => setAction('refund')}>
                Refund…
              </Button>
            ) : null}
            {invoice.status !== 'void' ? (
              <Button variant="danger" onClick={() => setAction('void')}>
                Void…
              </Button>
            ) : null}
          </div>
        ) : (
          <p className={styles.loading}>
            Recording a payment, applying credit, refunding and voiding need the billing permission.
          </p>
        )}
        {query.isFetching ? (
          <p className={styles.loading} role="status">
            <Spinner size={14} /> Refreshing…
          </p>
        ) : null}
        <InvoiceDetail invoice={invoice} orderHref={pagePaths.labOrder} />
      </Card>
      {action === 'void' ? (
        <VoidInvoiceDialog invoice={invoice} onReload={() => query.refetch()} onClose={() => setAction(null)} />
      ) : null}
      {action === 'payment' ? (
        <RecordPaymentDialog invoice={invoice} onReload={() => query.refetch()} onClose={() => setAction(null)} />
      ) : null}
      {action === 'refund' ? (
        <RefundDialog invoice={invoice} onReload={() => query.refetch()} onClose={() => setAction(null)} />
      ) : null}
      {action === 'credit' ? (
        <ApplyCreditDialog invoice={invoice} onReload={() => query.refetch()} onClose={() => setAction(null)} />
      ) : null}
    </>
  );
}
