import { INVOICE_TABS, type InvoiceSummary } from '../../../../../core/schemas/invoices';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import type { Column } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import type { CursorPages } from '../../../hooks/use-cursor-pages';
import type { useAccountInvoices } from '../api/invoice-queries';
import type { PaySelection } from '../hooks/use-pay-selection';
import { AmountField } from './amount-field';
import { INVOICE_PAGE_WORDS, invoiceColumns } from './invoice-columns';
import styles from './invoices.module.css';

export type InvoiceTab = (typeof INVOICE_TABS)[number];
const TABS = [
  { key: 'open', label: 'Open' },
  { key: 'paid', label: 'Paid' },
] as const satisfies ReadonlyArray<{ key: InvoiceTab; label: string }>;

/**
 * Pay Online's invoices: the open and paid tabs of one page of invoices, where the open ones are chosen and
 * their amounts typed, each invoice's number opening its detail.
 */
export function PayInvoiceList({
  tab,
  onTab,
  query,
  pages,
  where,
  allAccounts,
  locked,
  selection,
  onOpen,
}: {
  tab: InvoiceTab;
  onTab: (tab: InvoiceTab) => void;
  query: ReturnType<typeof useAccountInvoices>;
  pages: CursorPages;
  /** "account BV-1001" or "all your accounts". */
  where: string;
  /** Invoices of every account in view: each row names its account. */
  allAccounts: boolean;
  /** A payment is under way: the choice and amounts stay as they are. */
  locked: boolean;
  selection: PaySelection;
  onOpen: (invoiceNumber: string, accountNumber: string) => void;
}) {
  const { selected, checked, full, isChosen, choose, setAmount } = selection;

  /** The checkbox that chooses an invoice (open tab only), beside its number so a narrow card starts with both. */
  const checkbox = (invoice: InvoiceSummary) => {
    const on = isChosen(invoice.invoiceNumber);
    return (
      <input
        type="checkbox"
        className={styles.check}
        aria-label={`Pay invoice ${invoice.invoiceNumber}`}
        checked={on}
        disabled={locked || (!on && full) || invoice.balanceCents <= 0}
        onChange={(event) => choose(invoice, event.target.checked)}
      />
    );
  };
  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'invoice',
      header: 'Invoice',
      primary: true,
      render: (invoice) => (
        <span className={styles.invoiceCell}>
          {tab === 'open' ? checkbox(invoice) : null}
          <button
            type="button"
            className={`link-button ${styles.invoiceLink}`}
            onClick={() => onOpen(invoice.invoiceNumber, invoice.accountNumber)}
            aria-label={`Open invoice ${invoice.invoiceNumber}`}
          >
            {invoice.invoiceNumber}
          </button>
        </span>
      ),
    },
    ...(allAccounts ? [{ key: 'account', header: 'Account', render: (i: InvoiceSummary) => i.accountNumber }] : []),
    ...invoiceColumns({ issuedHeader: 'Date' }),
    ...(tab === 'open'
      ? [
          {
            key: 'amount',
            header: 'Amount to pay',
            render: (invoice: InvoiceSummary) => {
              const chosen = selected.find((s) => s.invoiceNumber === invoice.invoiceNumber);
              if (!chosen) return '—';
              return (
                <AmountField
                  invoiceNumber={invoice.invoiceNumber}
                  value={chosen.amountText}
                  error={checked.errors[invoice.invoiceNumber]}
                  disabled={locked}
                  onChange={(text) => setAmount(invoice.invoiceNumber, text)}
                />
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Card title="Invoices" className={styles.listCard}>
      <Tabs label="Invoices" tabs={TABS} selected={tab} onSelect={onTab}>
        <CursorTable
          query={query}
          pages={pages}
          {...INVOICE_PAGE_WORDS}
          empty={{
            title: pages.page > 1 ? 'No more invoices' : tab === 'open' ? 'Nothing to pay' : 'No paid invoices yet',
            body:
              tab === 'open'
                ? `No open invoices for ${where}. Invoices are issued when the lab ships an order.`
                : `Paid and void invoices of ${where} appear here.`,
          }}
          table={{
            caption: `${tab === 'open' ? 'Open' : 'Paid'} invoices of ${where}, newest first`,
            columns,
            rowKey: (invoice) => invoice.invoiceNumber,
            pager: 'Invoices',
          }}
        />
      </Tabs>
    </Card>
  );
}
