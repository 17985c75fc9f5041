import { LOAD_MESSAGES } from '../../../../../core/messages';
import type { InvoiceSummary } from '../../../../../core/schemas/invoices';
import { formatCents } from '../../../lib/money-text';
import type { Column } from '../../../components/ui/data-table';
import { InvoiceStatusBadge, OverdueBadge } from './invoice-badges';
import { dayText, issuedText } from './invoice-format';
import styles from './invoices.module.css';

/**
 * The columns the practice's Pay Online list and the lab's Invoices list share, after each list's own invoice
 * (and account) cells: patients, issue date, due date with its overdue badge, total, balance and status.
 */
export function invoiceColumns({ issuedHeader }: { issuedHeader: string }): Column<InvoiceSummary>[] {
  return [
    {
      key: 'patients',
      header: 'Patients',
      render: (invoice) =>
        invoice.patients.length ? <span className={styles.words}>{invoice.patients.join(', ')}</span> : '—',
    },
    {
      key: 'date',
      header: issuedHeader,
      render: (invoice) => (
        // A squeezed column breaks the date before the year only ("Nov 23," / "2026"), never "Nov" / "23,".
        <time className={styles.words} dateTime={invoice.issuedAt}>
          {issuedText(invoice.issuedAt).replace(' ', '\u00a0')}
        </time>
      ),
    },
    {
      key: 'due',
      header: 'Due',
      render: (invoice) => (
        <span className={styles.badges}>
          <time dateTime={invoice.dueDate}>{dayText(invoice.dueDate)}</time>
          <OverdueBadge invoice={invoice} />
        </span>
      ),
    },
    { key: 'total', header: 'Total', numeric: true, render: (invoice) => formatCents(invoice.totalCents) },
    {
      key: 'balance',
      header: 'Balance',
      numeric: true,
      render: (invoice) => formatCents(Math.max(0, invoice.balanceCents)),
    },
    { key: 'status', header: 'Status', render: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  ];
}

/** What a page of invoices says above it while it loads and when it cannot (CursorTable's count and failed). */
export const INVOICE_PAGE_WORDS = {
  count: { loading: 'Loading invoices…', noun: ['invoice', 'invoices'], detail: 'on this page, newest first' },
  failed: LOAD_MESSAGES.invoices,
} as const;
