import { lazy, Suspense, useState } from 'react';
import { AUTOPAY_FIRST_DAY, AUTOPAY_LAST_DAY } from '../../../../../core/rules/autopay';
import type { AutopayRunView, BillingView, CardSetup } from '../../../../../core/schemas/cards';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { failureMessage } from '../../../lib/form-errors';
import { formatCents } from '../../../lib/money-text';
import {
  confirmAutopayPayment,
  startCardSetup,
  useBilling,
  useFinishCardSetup,
  useRemoveCard,
  useSetAutopay,
  useSetDefaultCard,
} from '../api/autopay-queries';
import { postFakeGateway } from '../checkout/fake-gateway-pages';
import { FakeSaveCardForm } from '../checkout/fake-save-card-form';
import styles from './cards-and-autopay.module.css';

// Stripe.js loads only when a card is added or a charge authenticated in a stripe stage: never for a practice that
// only looks, and never in fake stages.
const StripeSaveCard = lazy(() => import('../checkout/stripe-save-card'));

type SavedCardView = BillingView['cards'][number];

const brandName = (brand: string) =>
  ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);
const cardName = (card: SavedCardView) => `${brandName(card.brand)} ending ${card.last4}`;
const expiry = (card: SavedCardView) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
const DAY_OPTIONS = Array.from({ length: AUTOPAY_LAST_DAY - AUTOPAY_FIRST_DAY + 1 }, (_, i) => {
  const day = AUTOPAY_FIRST_DAY + i;
  return { value: String(day), label: `The ${ordinal(day)}` };
});

/**
 * Pay Online's Cards & autopay tab (`?tab=autopay`; the autopay emails link here, `&authenticate={paymentId}` when
 * the bank asks the payer to confirm a charge): the account's saved cards, autopay's day and credit choice, and the
 * month's charge.
 */
export function CardsAndAutopay({
  accountNumber,
  authenticatePaymentId,
}: {
  accountNumber: string;
  authenticatePaymentId?: string | null;
}) {
  const query = useBilling(accountNumber);
  if (query.isPending)
    return (
      <Card title="Cards & autopay">
        <Spinner size={18} />
      </Card>
    );
  if (query.isError || !query.data)
    return <LoadFailed title="Cards and autopay could not be loaded" onRetry={() => void query.refetch()} />;
  const view = query.data;
  const authenticating =
    view.lastRun?.needsAuthentication && (!authenticatePaymentId || authenticatePaymentId === view.lastRun.paymentId)
      ? view.lastRun
      : null;
  return (
    <div className={styles.stack}>
      {view.lastRun ? <LastRun run={view.lastRun} /> : null}
      {authenticating ? (
        <AuthenticateCharge run={authenticating} view={view} onDone={() => void query.refetch()} />
      ) : null}
      <SavedCards view={view} />
      <AutopayForm key={JSON.stringify(view.autopay)} view={view} />
    </div>
  );
}

function LastRun({ run }: { run: AutopayRunView }) {
  const what = `Autopay for ${run.month}: ${formatCents(run.totalCents)} for ${run.invoiceNumbers.join(', ')}`;
  if (run.status === 'succeeded')
    return <Alert tone="success">{`${what} was paid (receipt ${run.receiptNumber}).`}</Alert>;
  if (run.status === 'failed')
    return (
      <Alert tone="error">{`${what} did not go through: ${run.failureMessage ?? 'the card was declined'}. Pay the invoices on the Invoices tab.`}</Alert>
    );
  if (run.needsAuthentication)
    return <Alert tone="warning">{`${what} waits for you: your bank asks you to confirm it.`}</Alert>;
  if (run.nextAttemptOn)
    return (
      <Alert tone="warning">{`${what} was declined (${run.failureMessage ?? 'the card was declined'}). It is tried again on ${run.nextAttemptOn}.`}</Alert>
    );
  return <Alert tone="info">{`${what} is being processed.`}</Alert>;
}

/** The bank asks the payer to confirm the charge: the gateway's step, then the server reads the outcome. */
function AuthenticateCharge({ run, view, onDone }: { run: AutopayRunView; view: BillingView; onDone: () => void }) {
  const { busy, formError, setFormError, onSubmit } = useSubmission();
  const [fakeSecret, setFakeSecret] = useState<string | null>(null);
  const finish = async () => {
    await confirmAutopayPayment(run.paymentId);
    onDone();
  };
  const start = onSubmit(async () => {
    try {
      const payment = await confirmAutopayPayment(run.paymentId);
      if (!payment.checkout) return onDone();
      if (payment.checkout.gateway === 'fake') return setFakeSecret(payment.checkout.clientSecret);
      const { stripeAuthenticate } = await import('../checkout/stripe-authenticate');
      const answer = await stripeAuthenticate({
        publishableKey: payment.checkout.publishableKey ?? '',
        clientSecret: payment.checkout.clientSecret,
        paymentMethodId: payment.autopay?.paymentMethodId ?? view.cards.find((c) => c.isDefault)?.paymentMethodId ?? '',
      });
      if (!answer.ok) setFormError(answer.message ?? 'The bank did not confirm the payment.');
      await finish();
    } catch (error) {
      setFormError(failureMessage(error, 'The payment could not be confirmed. Try again.'));
    }
  });
  const [answering, setAnswering] = useState(false);
  const answerBank = async (approve: boolean) => {
    if (answering) return;
    setAnswering(true);
    try {
      const answer = await postFakeGateway('authenticate', { clientSecret: fakeSecret, approve });
      if (!answer.ok) setFormError(answer.message ?? 'The bank did not confirm the payment.');
      setFakeSecret(null);
      await finish();
    } catch (error) {
      setFormError(failureMessage(error, 'The payment could not be confirmed. Try again.'));
    } finally {
      setAnswering(false);
    }
  };
  return (
    <Card title="Confirm your autopay payment">
      <p>
        {`Your bank asks you to confirm the autopay payment of ${formatCents(run.totalCents)} for ${run.invoiceNumbers.join(', ')}.`}
      </p>
      {fakeSecret ? (
        <div className={styles.actions} role="group" aria-label="Bank authentication">
          <span>Test bank page:</span>
          <Button disabled={answering} onClick={() => void answerBank(true)}>
            Complete authentication
          </Button>
          <Button variant="secondary" disabled={answering} onClick={() => void answerBank(false)}>
            Fail authentication
          </Button>
        </div>
      ) : (
        <form onSubmit={start}>
          <SubmitButton busy={busy}>Confirm payment</SubmitButton>
        </form>
      )}
      <FormError message={formError} />
    </Card>
  );
}

function SavedCards({ view }: { view: BillingView }) {
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const [removing, setRemoving] = useState<SavedCardView | null>(null);
  const adding = useSubmission();
  const finish = useFinishCardSetup();
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const { accountNumber } = view;

  const add = adding.onSubmit(async () => {
    try {
      setSetup(await startCardSetup(accountNumber));
    } catch (error) {
      adding.setFormError(failureMessage(error, 'The card form could not be opened. Try again.'));
    }
  });
  const saved = async () => {
    if (!setup) return;
    try {
      await finish.mutateAsync({ accountNumber, setupIntentId: setup.setupIntentId });
      setSetup(null);
    } catch (error) {
      adding.setFormError(failureMessage(error, 'The card was not saved. Try again.'));
    }
  };

  return (
    <Card title="Saved cards">
      {view.cards.length === 0 ? <p>No card is saved for account {accountNumber}.</p> : null}
      <ul className={styles.cards} aria-label={`Saved cards of account ${accountNumber}`}>
        {view.cards.map((card) => (
          <li key={card.paymentMethodId} className={styles.card}>
            <span className={styles.cardName}>
              {cardName(card)} <span className={styles.muted}>expires {expiry(card)}</span>{' '}
              {card.isDefault ? <Badge tone="info">Default</Badge> : null}
            </span>
            <span className={styles.actions}>
              {card.isDefault ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={setDefault.isPending}
                  aria-label={`Make ${cardName(card)} the default`}
                  onClick={() => setDefault.mutate({ accountNumber, paymentMethodId: card.paymentMethodId })}
                >
                  Make default
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${cardName(card)}`}
                onClick={() => setRemoving(card)}
              >
                Remove
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {setDefault.error ? (
        <FormError message={failureMessage(setDefault.error, 'The default card was not changed.')} />
      ) : null}
      {setup ? (
        setup.gateway === 'fake' ? (
          <FakeSaveCardForm clientSecret={setup.clientSecret} onSaved={() => void saved()} />
        ) : (
          <Suspense fallback={<Spinner size={18} />}>
            <StripeSaveCard
              clientSecret={setup.clientSecret}
              publishableKey={setup.publishableKey ?? ''}
              onSaved={() => void saved()}
            />
          </Suspense>
        )
      ) : (
        <form onSubmit={add}>
          <SubmitButton busy={adding.busy} variant="secondary">
            Add a card
          </SubmitButton>
        </form>
      )}
      <FormError message={adding.formError} />
      {removing ? (
        <ConfirmDialog
          title={`Remove ${cardName(removing)}?`}
          confirmLabel="Remove card"
          tone="danger"
          busy={remove.isPending}
          error={remove.error ? failureMessage(remove.error, 'The card was not removed.') : null}
          onConfirm={() =>
            remove.mutate(
              { accountNumber, paymentMethodId: removing.paymentMethodId },
              { onSuccess: () => setRemoving(null) },
            )
          }
          onCancel={() => {
            remove.reset();
            setRemoving(null);
          }}
        >
          The card is removed from the lab’s card gateway too. Autopay uses the default card.
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function AutopayForm({ view }: { view: BillingView }) {
  const [enabled, setEnabled] = useState(view.autopay?.enabled ?? false);
  const [dayOfMonth, setDayOfMonth] = useState(view.autopay?.dayOfMonth ?? 15);
  const [applyCredit, setApplyCredit] = useState(view.autopay?.applyCredit ?? false);
  const [done, setDone] = useState<string | null>(null);
  const change = useSetAutopay();
  const { busy, formError, setFormError, onSubmit } = useSubmission();
  const defaultCard = view.cards.find((c) => c.isDefault);
  const save = onSubmit(async () => {
    setDone(null);
    try {
      const after = await change.mutateAsync({ accountNumber: view.accountNumber, enabled, dayOfMonth, applyCredit });
      setDone(after.autopay?.enabled ? 'Autopay is on.' : 'Autopay is off.');
    } catch (error) {
      setFormError(failureMessage(error, 'Autopay was not changed. Try again.'));
    }
  });
  return (
    <Card title="Autopay">
      <p>
        {view.autopay?.enabled
          ? `On: the ${ordinal(view.autopay.dayOfMonth)} of each month, invoices due by then are paid with ${defaultCard ? cardName(defaultCard) : 'the default card'}${view.autopay.applyCredit ? ', lens credit first' : ''}. Turned on by ${view.autopay.payerName}, who gets its emails.`
          : 'Off. Turn it on to pay the invoices due each month with the default card, on the day you choose.'}
      </p>
      <form className={styles.form} onSubmit={save} noValidate aria-label="Autopay settings">
        <CheckboxField
          label="Pay due invoices automatically"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        <SelectField
          label="Day of the month"
          options={DAY_OPTIONS}
          value={String(dayOfMonth)}
          onChange={(e) => setDayOfMonth(Number(e.target.value))}
        />
        <CheckboxField
          label="Apply lens credit first"
          checked={applyCredit}
          onChange={(e) => setApplyCredit(e.target.checked)}
        />
        <FormError message={formError} />
        {done ? <Alert tone="success">{done}</Alert> : null}
        <SubmitButton busy={busy}>Save autopay</SubmitButton>
      </form>
    </Card>
  );
}
