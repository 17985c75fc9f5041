import { lazy, Suspense } from 'react';
import type { PaymentView } from '../../../../../core/schemas/payments';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import styles from './checkout.module.css';
import { FakeCardForm } from './fake-card-form';

// Stripe.js and its React bindings load only here, only in stripe stages: never with the sign-in page, and
// never in fake stages (local, tests), where the test card form takes the card.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export type Checkout = NonNullable<PaymentView['checkout']>;

export interface CardCheckoutProps {
  /** From startPayment's answer: which gateway takes the card, and the intent's client secret. */
  checkout: Checkout;
  amountCents: number;
  /**
   * Called after the gateway answered (the card was accepted or declined). The page then asks the server
   * (confirmPayment), which reads the outcome from the gateway itself: what the browser says is never trusted.
   */
  onConfirmed: () => void;
}

/** The card step of Pay Online: Stripe's Payment Element in stripe stages, the fake's test card form otherwise. */
export function CardCheckout({ checkout, amountCents, onConfirmed }: CardCheckoutProps) {
  if (checkout.gateway === 'fake') {
    return <FakeCardForm clientSecret={checkout.clientSecret} amountCents={amountCents} onConfirmed={onConfirmed} />;
  }
  if (!checkout.publishableKey) {
    return <Alert tone="error">Card payments are not set up for this portal. Please contact the lab.</Alert>;
  }
  return (
    <Suspense
      fallback={
        <div className={styles.loading}>
          <Spinner size={18} />
          <span>Loading the secure card form…</span>
        </div>
      }
    >
      <StripePaymentForm
        clientSecret={checkout.clientSecret}
        publishableKey={checkout.publishableKey}
        amountCents={amountCents}
        onConfirmed={onConfirmed}
      />
    </Suspense>
  );
}
