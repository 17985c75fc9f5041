import { Link } from 'react-router-dom';
import { DISPUTE_STATUS_LABELS } from '../../../../../core/rules/refunds';
import { SETTLEMENT_METHOD_LABELS, type CustomerInvoice, type InvoiceLine } from '../../../../../core/schemas/invoices';
import { formatCents } from '../../../lib/money-text';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { failureMessage } from '../../../lib/form-errors';
import { useDownloadInvoicePdf } from '../api/invoice-queries';
import { InvoiceStatusBadge, OverdueBadge } from './invoice-badges';
import { dayText, issuedText } from './invoice-format';
import styles from './invoices.module.css';

type Settlement = CustomerInvoice['settlements'][number];
type Refund = NonNullable<CustomerInvoice['refunds']>[number];

/** Where an order of a line opens: the practice's order page or the lab's review. */
export type OrderHref = (orderId: string) => string;

const unique = (values: readonly (string | undefined)[]) => [
  ...new Set(values.filter((value): value is string => Boolean(value))),
];

/** The order a line belongs to, as a link; hand-entered lines have none. */
function OrderCell({ line, orderHref }: { line: InvoiceLine; orderHref: OrderHref }) {
  if (!line.orderId) return <>—</>;
  return (
    <Link to={orderHref(line.orderId)} aria-label={`Open order ${line.orderNumber ?? line.orderId}`}>
      {line.orderNumber ?? 'Order'}
    </Link>
  );
}

/**
 * One invoice: its facts, the lines with their orders and patients, the totals, every payment and credit
 * applied, and its PDF. Shown in the practice's detail dialog and on the lab's Invoices page (which adds
 * its actions around it).
 */
export function InvoiceDetail({ invoice, orderHref }: { invoice: CustomerInvoice; orderHref: OrderHref }) {
  const download = useDownloadInvoicePdf();
  const patients = unique(invoice.lines.map((line) => line.patient));
  const orders = unique(invoice.lines.map((line) => line.orderId));

  const lineColumns: Column<InvoiceLine & { key: string }>[] = [
    { key: 'description', header: 'Description', primary: true, render: (line) => line.description },
    { key: 'order', header: 'Order', render: (line) => <OrderCell line={line} orderHref={orderHref} /> },
    { key: 'patient', header: 'Patient', render: (line) => line.patient ?? '—' },
    { key: 'eye', header: 'Eye', render: (line) => line.eye ?? '—' },
    { key: 'quantity', header: 'Qty', numeric: true, render: (line) => line.quantity },
    { key: 'unit', header: 'Unit price', numeric: true, render: (line) => formatCents(line.unitCents) },
    { key: 'amount', header: 'Amount', numeric: true, render: (line) => formatCents(line.amountCents) },
  ];
  const settlementColumns: Column<Settlement>[] = [
    { key: 'date', header: 'Date', primary: true, render: (s) => <time dateTime={s.at}>{issuedText(s.at)}</time> },
    { key: 'method', header: 'How', render: (s) => SETTLEMENT_METHOD_LABELS[s.method] },
    { key: 'reference', header: 'Reference', render: (s) => s.reference || '—' },
    { key: 'amount', header: 'Amount', numeric: true, render: (s) => formatCents(s.amountCents) },
  ];

  const refundColumns: Column<Refund>[] = [
    { key: 'date', header: 'Date', primary: true, render: (r) => <time dateTime={r.at}>{issuedText(r.at)}</time> },
    { key: 'reference', header: 'Refund', render: (r) => r.reference },
    { key: 'amount', header: 'Amount', numeric: true, render: (r) => formatCents(r.amountCents) },
  ];
  const refunds = invoice.refunds ?? [];
  const openDisputes = (invoice.disputes ?? []).filter((d) => d.status === 'open');
  const closedDisputes = (invoice.disputes ?? []).filter((d) => d.status !== 'open');

  const totals: Array<[string, number]> = [
    ['Subtotal', invoice.subtotalCents],
    ['Shipping', invoice.shippingCents],
    ['Tax', invoice.taxCents],
    ['Total', invoice.totalCents],
    ['Paid', invoice.paidCents],
    ['Credits applied', invoice.creditedCents],
  ];

  return (
    <div className={styles.detail}>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd className={styles.badges}>
            <InvoiceStatusBadge status={invoice.status} />
            <OverdueBadge invoice={invoice} />
          </dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>{invoice.accountNumber}</dd>
        </div>
        <div>
          <dt>Issued</dt>
          <dd>
            <time dateTime={invoice.issuedAt}>{issuedText(invoice.issuedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>
            <time dateTime={invoice.dueDate}>{dayText(invoice.dueDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{patients.length === 1 ? 'Patient' : 'Patients'}</dt>
          <dd>{patients.length ? patients.join(', ') : '—'}</dd>
        </div>
        {orders.length ? (
          <div>
            <dt>{orders.length === 1 ? 'Order' : 'Orders'}</dt>
            <dd className={styles.orderLinks}>
              {orders.map((orderId) => {
                const line = invoice.lines.find((l) => l.orderId === orderId)!;
                return <OrderCell key={orderId} line={line} orderHref={orderHref} />;
              })}
            </dd>
          </div>
        ) : null}
      </dl>

      {invoice.status === 'void' ? (
        <Alert tone="info" title={`Void${invoice.voidedAt ? ` since ${issuedText(invoice.voidedAt)}` : ''}`}>
          {invoice.voidReason ? <p className={styles.preWrap}>{invoice.voidReason}</p> : null}
        </Alert>
      ) : null}

      {openDisputes.map((d) => (
        <Alert key={d.disputeId} tone="warning" title={`Card dispute: ${formatCents(d.amountCents)}`}>
          The card’s bank opened a dispute ({d.reason}) on {issuedText(d.openedAt)}. The payment cannot be refunded
          until it is decided.
        </Alert>
      ))}
      {closedDisputes.map((d) => (
        <Alert key={d.disputeId} tone="info" title={`Card dispute decided: ${DISPUTE_STATUS_LABELS[d.status]}`}>
          {formatCents(d.amountCents)}, reason {d.reason}
          {d.closedAt ? `, decided ${issuedText(d.closedAt)}` : ''}.
        </Alert>
      ))}

      <h3 className={styles.subheading}>Lines</h3>
      <DataTable
        caption={`Lines of invoice ${invoice.invoiceNumber}`}
        columns={lineColumns}
        rows={invoice.lines.map((line, index) => ({ ...line, key: String(index) }))}
        rowKey={(line) => line.key}
      />
      <dl className={styles.totals} aria-label="Totals">
        {totals.map(([label, cents]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatCents(cents)}</dd>
          </div>
        ))}
        <div className={styles.grandTotal}>
          <dt>Balance</dt>
          <dd>{formatCents(Math.max(0, invoice.balanceCents))}</dd>
        </div>
      </dl>

      <h3 className={styles.subheading}>Payments and credits</h3>
      {invoice.settlements.length ? (
        <DataTable
          caption={`Payments and credits applied to invoice ${invoice.invoiceNumber}`}
          columns={settlementColumns}
          rows={invoice.settlements}
          rowKey={(s) => s.settlementId}
        />
      ) : (
        <p className={styles.muted}>No payments or credits yet.</p>
      )}

      {refunds.length ? (
        <>
          <h3 className={styles.subheading}>Refunds</h3>
          <DataTable
            caption={`Card refunds on invoice ${invoice.invoiceNumber}: owed again`}
            columns={refundColumns}
            rows={refunds}
            rowKey={(r) => r.refundId}
          />
        </>
      ) : null}

      <div className={styles.detailActions}>
        <Button
          variant="secondary"
          loading={download.isPending}
          onClick={() =>
            download.mutate({ invoiceNumber: invoice.invoiceNumber, accountNumber: invoice.accountNumber })
          }
        >
          Download PDF
        </Button>
      </div>
      {download.isError ? (
        <Alert tone="error">{failureMessage(download.error, 'The PDF could not be downloaded. Try again.')}</Alert>
      ) : null}
    </div>
  );
}
