import { paymentRoutes } from '../../../core/routes/payments';
import { paymentGatewayFromEnv } from '../../adapters/payment-gateway-from-env';
import { createWebhookHandler } from '../../http/create-webhook-handler';
import { handleGatewayEvent } from '../../use-cases/payments/settle-payment';
import { paymentDeps } from './payment-deps';

/**
 * The card gateway's signed events (Stripe webhooks; the fake gateway's locally): settles or fails the payment
 * of a verified event, also when the payer's browser never came back to confirm it. Idempotent: the use case
 * reads the intent again and a settled payment stays settled.
 */
export const handler = createWebhookHandler(
  paymentRoutes.paymentWebhook,
  async (event, log) => handleGatewayEvent(event, await paymentDeps(log)),
  { gateway: () => paymentGatewayFromEnv() },
);
