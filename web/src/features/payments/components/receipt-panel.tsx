import type { PaymentView } from '../../../../../core/schemas/payments';
import { formatCents } from '../../../lib/money-text';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/form-errors';
import { useDownloadReceipt } from '../api/payment-queries';
import styles from './payments.module.css';

/** What the payer sees once the payment succeeded: what was paid, how, on which invoices, and the receipt. */
export function ReceiptPanel({ view, onDone }: { view: PaymentView; onDone: () => void }) {
  const download = useDownloadReceipt();
  return (
    <section className={styles.receipt} aria-labelledby="payment-receipt-title">
      <Alert tone="success" title="Payment received">
        <span id="payment-receipt-title">Receipt {view.receiptNumber}</span>
      </Alert>
      <dl className={styles.split}>
        <div>
          <dt>Amount paid</dt>
          <dd>{formatCents(view.totalCents)}</dd>
        </div>
        {view.creditCents > 0 ? (
          <div>
            <dt>Lens credit applied</dt>
            <dd>{formatCents(view.creditCents)}</dd>
          </div>
        ) : null}
        {view.cardCents > 0 ? (
          <div>
            <dt>Paid by card</dt>
            <dd>{formatCents(view.cardCents)}</dd>
          </div>
        ) : null}
      </dl>
      <ul className={styles.allocations} aria-label="Invoices paid">
        {view.allocations.map((allocation) => (
          <li key={allocation.invoiceNumber}>
            <span>{allocation.invoiceNumber}</span>
            <span>{formatCents(allocation.amountCents)}</span>
          </li>
        ))}
      </ul>
      {view.overpaidCents > 0 ? (
        <p className={styles.note}>
          {formatCents(view.overpaidCents)} more than the invoices still owed was added to your lens credit.
        </p>
      ) : null}
      <p className={styles.note}>A receipt was emailed to you.</p>
      <div className={styles.actions}>
        <Button variant="secondary" loading={download.isPending} onClick={() => download.mutate(view.paymentId)}>
          Download receipt (PDF)
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Make another payment
        </Button>
      </div>
      {download.isError ? (
        <Alert tone="error">{failureMessage(download.error, 'The receipt could not be downloaded. Try again.')}</Alert>
      ) : null}
    </section>
  );
}
