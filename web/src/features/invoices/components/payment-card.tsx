import type { ComponentType } from 'react';
import type { InvoiceSummary } from '../../../../../core/schemas/invoices';
import { MAX_INVOICES_PER_PAYMENT, type PaymentAllocation } from '../../../../../core/schemas/payments';
import { Card } from '../../../components/card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatCents } from '../../../lib/money-text';
import type { PaySelection } from '../hooks/use-pay-selection';
import { AmountField } from './amount-field';
import styles from './invoices.module.css';

/** What the payments feature's panel gets from the page (given by the route: features do not import each other). */
export interface PaymentAreaProps {
  userId: string;
  /** The account whose lens credit can be applied: the chosen invoices' account, else the one in view. */
  accountNumber: string;
  /** The chosen invoices and amounts when they can be paid as they are; null otherwise. */
  selection: { accountNumber: string; allocations: PaymentAllocation[] } | null;
  /** How many invoices are chosen and the sum of the valid amounts (shown before Pay). */
  selectedCount: number;
  totalCents: number;
  /** While a payment is under way the page keeps the selection as it is. */
  onLockChange: (locked: boolean) => void;
  /**
   * A payment ended or was refused: the page reads the invoices again, and after a success clears the
   * selection.
   */
  onSettled: (outcome: 'succeeded' | 'failed' | 'conflict') => void;
}

/**
 * Pay Online's payment card: what is chosen and its total (with the chosen invoices not on the page in view,
 * whose amounts can still be changed), then the payments feature's panel that pays it.
 */
export function PaymentCard({
  userId,
  selectedAccount,
  items,
  selection,
  locked,
  onLockChange,
  onSettled,
  PaymentArea,
}: {
  userId: string;
  selectedAccount: string;
  /** The invoices on the page in view. */
  items: readonly InvoiceSummary[];
  selection: PaySelection;
  locked: boolean;
  onLockChange: (locked: boolean) => void;
  onSettled: PaymentAreaProps['onSettled'];
  PaymentArea: ComponentType<PaymentAreaProps>;
}) {
  const { selected, checked, full, choose, setAmount } = selection;
  // Chosen invoices that are not on the page in view (another page, the other tab) still count.
  const offPage = selected.filter((s) => !items.some((i) => i.invoiceNumber === s.invoiceNumber));
  return (
    <Card title="Payment" className={styles.payCard}>
      {selected.length ? (
        <div className={styles.chosen}>
          <p className={styles.chosenLine}>
            {selected.length} {selected.length === 1 ? 'invoice' : 'invoices'} chosen:{' '}
            <strong>{formatCents(checked.totalCents)}</strong>
          </p>
          {offPage.length ? (
            <ul className={styles.offPage} aria-label="Chosen invoices not on this page">
              {offPage.map((s) => (
                <li key={s.invoiceNumber}>
                  <span>{s.invoiceNumber}</span>
                  <AmountField
                    invoiceNumber={s.invoiceNumber}
                    value={s.amountText}
                    error={checked.errors[s.invoiceNumber]}
                    disabled={locked}
                    onChange={(text) => setAmount(s.invoiceNumber, text)}
                  />
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={locked}
                    onClick={() => choose(s, false)}
                    aria-label={`Remove invoice ${s.invoiceNumber}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {checked.problem ? <Alert tone="warning">{checked.problem}</Alert> : null}
          {full ? <p className={styles.muted}>At most {MAX_INVOICES_PER_PAYMENT} invoices in one payment.</p> : null}
        </div>
      ) : (
        <p className={styles.muted}>Tick the invoices to pay on the Open tab. You can change the amount on each.</p>
      )}
      <PaymentArea
        userId={userId}
        accountNumber={selected[0]?.accountNumber ?? selectedAccount}
        selection={checked.payable}
        selectedCount={selected.length}
        totalCents={checked.totalCents}
        onLockChange={onLockChange}
        onSettled={onSettled}
      />
    </Card>
  );
}
