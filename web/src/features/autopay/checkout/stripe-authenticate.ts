import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * The bank's authentication of an autopay charge in stripe stages (loaded lazily, only from the emailed link):
 * Stripe.js confirms the intent with the saved card on-session, opening the bank's 3-D Secure frame.
 */
export async function stripeAuthenticate(input: {
  publishableKey: string;
  clientSecret: string;
  paymentMethodId: string;
}): Promise<{ ok: boolean; message?: string }> {
  const stripe = await loadStripe(input.publishableKey);
  if (!stripe) return { ok: false, message: 'The secure card form could not be loaded. Reload the page to try again.' };
  const { error } = await stripe.confirmCardPayment(input.clientSecret, { payment_method: input.paymentMethodId });
  return error ? { ok: false, message: error.message ?? 'The bank did not confirm the payment.' } : { ok: true };
}
