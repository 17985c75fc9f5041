import { CARD_MESSAGES } from '../../../../../core/messages';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useState } from 'react';
import { formatCents } from '../../../lib/money-text';
import { Alert } from '../../../components/ui/alert';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { logError } from '../../../lib/logger';
import styles from './checkout.module.css';

// One Stripe.js per publishable key for the page's life (loadStripe injects js.stripe.com once).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    // A failed load (offline, blocked) may be retried by the next checkout.
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

interface Props {
  clientSecret: string;
  publishableKey: string;
  amountCents: number;
  onConfirmed: () => void;
}

/**
 * Stripe's Payment Element (stripe stages; loaded lazily by CardCheckout). The card fields are Stripe's own
 * frames: the card number goes to Stripe, never to this page's code or the portal's API.
 */
export default function StripePaymentForm(props: Props) {
  const [failed, setFailed] = useState(false);
  // Fixed for the component's life: Elements refuses a change of its `stripe` prop.
  const [stripe] = useState(() => stripeFor(props.publishableKey));
  useEffect(() => {
    let current = true;
    stripe.then(
      (value) => {
        if (current && !value) setFailed(true);
      },
      (error: unknown) => {
        logError('Stripe.js could not be loaded', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [stripe]);
  if (failed) {
    return <Alert tone="error">The secure card form could not be loaded. Reload the page to try again.</Alert>;
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ amountCents, onConfirmed }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  // One confirmation at a time however often Pay is pressed.
  const { busy, formError, setFormError, onSubmit } = useSubmission();

  const submit = onSubmit(async () => {
    if (!stripe || !elements) return;
    try {
      // No redirect unless a payment method needs one (the intent allows none): 3-D Secure opens in a frame.
      const { error } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (!error) {
        onConfirmed();
        return;
      }
      setFormError(error.message ?? CARD_MESSAGES.notCharged);
      // A decline (card_error) happened at Stripe; a validation error did not reach it.
      if (error.type === 'card_error') onConfirmed();
    } catch (error) {
      logError('Stripe confirmPayment failed', error);
      setFormError(CARD_MESSAGES.notSent);
    }
  });

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Card payment">
      <div className={styles.element}>
        <PaymentElement options={{ layout: 'tabs' }} />
      </div>
      <FormError message={formError} />
      <SubmitButton busy={busy} disabled={!stripe || !elements} block>
        {busy ? 'Paying…' : `Pay ${formatCents(amountCents)}`}
      </SubmitButton>
    </form>
  );
}
