import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { CARD_MESSAGES } from '../../../../../core/messages';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { logError } from '../../../lib/logger';
import styles from './save-card.module.css';

interface Props {
  clientSecret: string;
  publishableKey: string;
  onSaved: () => void;
}

/**
 * Stripe's Payment Element on the account's SetupIntent (stripe stages; loaded lazily, only when a card is added).
 * The card goes to Stripe's frames; the bank's 3-D Secure step opens in a frame when the bank asks for it.
 */
export default function StripeSaveCard(props: Props) {
  const [stripe] = useState(() => loadStripe(props.publishableKey));
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
      <SaveForm {...props} />
    </Elements>
  );
}

function SaveForm({ onSaved }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const { busy, formError, setFormError, onSubmit } = useSubmission();
  const submit = onSubmit(async () => {
    if (!stripe || !elements) return;
    try {
      const { error } = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (error) return setFormError(error.message ?? 'The card was not saved.');
      onSaved();
    } catch (error) {
      logError('Stripe confirmSetup failed', error);
      setFormError(CARD_MESSAGES.notSent);
    }
  });
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Save a card">
      <div className={styles.element}>
        <PaymentElement options={{ layout: 'tabs' }} />
      </div>
      <FormError message={formError} />
      <SubmitButton busy={busy} disabled={!stripe || !elements} block>
        {busy ? 'Saving…' : 'Save card'}
      </SubmitButton>
    </form>
  );
}
