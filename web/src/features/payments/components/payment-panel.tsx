import { useEffect, useState } from 'react';
import { splitCredit } from '../../../../../core/rules/invoice-balance';
import { formatCents } from '../../../lib/money-text';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { Spinner } from '../../../components/ui/spinner';
import { useAvailableCredit } from '../api/payment-queries';
import { CardCheckout } from '../checkout/card-checkout';
import { usePayFlow } from '../hooks/use-pay-flow';
import type { PaymentAreaProps } from '../../invoices';
import type { PendingCheckout } from '../model/pending-checkout';
import { ReceiptPanel } from './receipt-panel';
import styles from './payments.module.css';

/** The props Pay Online gives the panel it is composed with (invoices' PaymentAreaProps). */
export type PaymentPanelProps = PaymentAreaProps;

/** How much of each amount the available credit covers, and what is left for the card. */
export function creditSplit(amounts: readonly number[], availableCents: number, applyCredit: boolean) {
  const totalCents = amounts.reduce((sum, cents) => sum + cents, 0);
  const creditCents = applyCredit ? splitCredit(amounts, availableCents).reduce((sum, cents) => sum + cents, 0) : 0;
  return { totalCents, creditCents, cardCents: totalCents - creditCents };
}

function Split({ totalCents, creditCents, cardCents }: ReturnType<typeof creditSplit>) {
  return (
    <dl className={styles.split} aria-label="Payment split">
      <div>
        <dt>Total</dt>
        <dd>{formatCents(totalCents)}</dd>
      </div>
      {creditCents > 0 ? (
        <div>
          <dt>Lens credit</dt>
          <dd>-{formatCents(creditCents)}</dd>
        </div>
      ) : null}
      <div className={styles.cardLine}>
        <dt>By card</dt>
        <dd>{formatCents(cardCents)}</dd>
      </div>
    </dl>
  );
}

/** The invoices and amounts of the payment under way (after a reload they come from the kept checkout). */
function CheckoutSummary({ checkout }: { checkout: PendingCheckout }) {
  return (
    <ul className={styles.allocations} aria-label="Invoices in this payment">
      {checkout.allocations.map((allocation) => (
        <li key={allocation.invoiceNumber}>
          <span>{allocation.invoiceNumber}</span>
          <span>{formatCents(allocation.amountCents)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Pay Online's payment panel: the total of the chosen invoices, "Apply my lens credit first"
 * with the credit available and how it splits, Pay, the card step, the outcome (receipt, or the gateway's
 * message with the invoices unchanged). The flow itself is usePayFlow.
 */
export function PaymentPanel({
  userId,
  accountNumber,
  selection,
  selectedCount,
  onLockChange,
  onSettled,
}: PaymentPanelProps) {
  const flow = usePayFlow({ userId, onSettled });
  const { phase, notice } = flow;
  const [applyCredit, setApplyCredit] = useState(false);
  const credit = useAvailableCredit(selection?.accountNumber ?? accountNumber);
  const available = credit.data ?? 0;

  const locked = phase.kind !== 'idle' && phase.kind !== 'succeeded';
  useEffect(() => onLockChange(locked), [locked, onLockChange]);

  if (phase.kind === 'succeeded')
    return (
      <ReceiptPanel
        view={phase.view}
        onDone={() => {
          setApplyCredit(false);
          flow.done();
        }}
      />
    );

  const noticeBox = notice ? (
    <Alert tone={notice.tone} title={notice.title}>
      {notice.text}
    </Alert>
  ) : null;

  if (phase.kind !== 'idle') {
    const { checkout } = phase;
    return (
      <div className={styles.panel}>
        {noticeBox}
        <h3 className={styles.heading}>Payment under way</h3>
        <CheckoutSummary checkout={checkout} />
        {phase.kind === 'starting' ? (
          <p className={styles.status} role="status">
            <Spinner size={16} /> Preparing your payment…
          </p>
        ) : phase.kind === 'confirming' ? (
          <p className={styles.status} role="status">
            <Spinner size={16} /> Confirming your payment…
          </p>
        ) : phase.kind === 'card' ? (
          <>
            <Split
              totalCents={phase.view.totalCents}
              creditCents={phase.view.creditCents}
              cardCents={phase.view.cardCents}
            />
            {phase.view.checkout ? (
              <CardCheckout
                checkout={phase.view.checkout}
                amountCents={phase.view.cardCents}
                onConfirmed={() => flow.cardConfirmed()}
              />
            ) : null}
            <Button variant="ghost" size="sm" onClick={flow.abandon}>
              Cancel this payment
            </Button>
          </>
        ) : (
          <>
            <Alert tone="warning" title="Your payment is not finished">
              {phase.message}
            </Alert>
            <div className={styles.actions}>
              <Button onClick={flow.retry}>Try again</Button>
              {phase.step === 'start' ? (
                <Button variant="ghost" onClick={flow.abandon}>
                  Cancel this payment
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    );
  }

  const amounts = selection?.allocations.map((a) => a.amountCents) ?? [];
  const split = creditSplit(amounts, available, applyCredit && available > 0);
  const creditHint = credit.isPending
    ? 'Checking your lens credit…'
    : credit.isError
      ? 'Your lens credit could not be read; you can still pay by card.'
      : available > 0
        ? `${formatCents(available)} available on account ${selection?.accountNumber ?? accountNumber}.`
        : 'No lens credit available.';
  const payLabel =
    split.cardCents > 0
      ? `Pay ${formatCents(split.cardCents)}${split.creditCents > 0 ? ' by card' : ''}`
      : 'Pay with lens credit';

  return (
    <div className={styles.panel}>
      {noticeBox}
      <CheckboxField
        label="Apply my lens credit first"
        hint={creditHint}
        checked={applyCredit && available > 0}
        disabled={available <= 0}
        onChange={(event) => setApplyCredit(event.target.checked)}
      />
      {selection ? <Split {...split} /> : null}
      <Button
        block
        disabled={!selection || flow.busy}
        loading={flow.busy}
        onClick={() => {
          if (!selection) return;
          flow.pay({
            accountNumber: selection.accountNumber,
            allocations: selection.allocations,
            applyCredit: applyCredit && available > 0,
          });
        }}
      >
        {selection ? payLabel : selectedCount ? 'Correct the amounts to pay' : 'Choose invoices to pay'}
      </Button>
    </div>
  );
}
