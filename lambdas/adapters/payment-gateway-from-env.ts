import { lazySchema } from '../../core/schemas/lazy-schema';
import * as z from '../../core/zod';
import { GATEWAY_KINDS } from '../../core/schemas/payments';
import type { CardVault, PaymentGateway } from '../ports/payment-gateway';
import { requireEnv } from '../env';
import { keptOnceLoaded, perContainer } from '../kernel/per-container';
import { fakeCardVault, fakePaymentGateway } from './fake-payment-gateway';
import { readServiceSecret, secretsManagerReader } from './service-secret';
import { stripeCardVault, stripePaymentGateway } from './stripe-payment-gateway';

/**
 * The card gateway the stage config chose (infra/stage-config.ts `payments.gateway`), from the function's
 * environment: PAYMENT_GATEWAY = `stripe` (STRIPE_PUBLISHABLE_KEY, PAYMENT_SECRET_ARN: a Secrets Manager secret
 * `{ "secretKey": "sk_...", "webhookSecret": "whsec_..." }`) or `fake` (FAKE_GATEWAY_URL and
 * FAKE_GATEWAY_WEBHOOK_SECRET of the local fake gateway service).
 *
 * The secret is read on the first call that needs it and kept for the container's life (one Secrets Manager
 * call per cold start); a failed read is not kept, so the next request tries again. A rotated key reaches
 * new containers; the lab rolls the webhook secret in Stripe with an overlap, so old containers keep working.
 */
export interface GatewayEnvDeps {
  /** Reads a secret's string; Secrets Manager by default. */
  readSecret?: (secretId: string) => Promise<string>;
}

/** How the errors about the secret name it. */
const WHAT = 'payment secret';

const kindSchema = lazySchema(() => z.enum(GATEWAY_KINDS, { error: 'PAYMENT_GATEWAY must be "fake" or "stripe"' }));

/** What the secret holds. The messages name the field, never its value. */
export const stripeSecretSchema = lazySchema(() =>
  z.object({
    secretKey: z
      .string()
      .check(z.regex(/^(sk|rk)_(live|test)_\S+$/, 'secretKey must be a Stripe secret or restricted key')),
    webhookSecret: z
      .string()
      .check(z.regex(/^whsec_\S+$/, 'webhookSecret must be a Stripe webhook signing secret (whsec_...)')),
  }),
);

const ENV_NAMES = [
  'PAYMENT_GATEWAY',
  'FAKE_GATEWAY_URL',
  'FAKE_GATEWAY_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'PAYMENT_SECRET_ARN',
] as const;
const fromEnv = perContainer(ENV_NAMES, gatewayOf);

/**
 * The gateway of this environment. Called with no arguments (the handlers), it is one gateway per Lambda
 * container however often it is called (keyed by the variables, so a test that changes them gets a new one);
 * with an `env` or `deps` of its own (tests), a new one each call.
 */
export function paymentGatewayFromEnv(env: NodeJS.ProcessEnv = process.env, deps: GatewayEnvDeps = {}): PaymentGateway {
  return fromEnv(env, deps);
}

function gatewayOf(env: NodeJS.ProcessEnv, deps: GatewayEnvDeps): PaymentGateway {
  const kind = kindSchema.parse(env.PAYMENT_GATEWAY);
  if (kind === 'fake') {
    return fakePaymentGateway({
      baseUrl: requireEnv('FAKE_GATEWAY_URL', env),
      webhookSecret: requireEnv('FAKE_GATEWAY_WEBHOOK_SECRET', env),
    });
  }
  const publishableKey = requireEnv('STRIPE_PUBLISHABLE_KEY', env);
  const secretId = requireEnv('PAYMENT_SECRET_ARN', env);
  const readSecret = deps.readSecret ?? readFromSecretsManager;
  const gateway = keptOnceLoaded(() => loadStripe(readSecret, secretId, publishableKey));
  return {
    kind,
    publishableKey,
    createIntent: async (request) => (await gateway()).createIntent(request),
    retrieveIntent: async (intentId) => (await gateway()).retrieveIntent(intentId),
    cancelIntent: async (intentId) => (await gateway()).cancelIntent(intentId),
    verifyEvent: async (rawBody, header) => (await gateway()).verifyEvent(rawBody, header),
    // Refunds (the billing desk).
    refund: async (request) => (await gateway()).refund(request),
  };
}

async function loadStripe(
  readSecret: (secretId: string) => Promise<string>,
  secretId: string,
  publishableKey: string,
): Promise<PaymentGateway> {
  const { secretKey, webhookSecret } = await readServiceSecret(readSecret, secretId, stripeSecretSchema, WHAT);
  assertSameMode(secretKey, publishableKey);
  return stripePaymentGateway({ secretKey, webhookSecret, publishableKey });
}

/** A test secret key with a live publishable key (or the reverse) would take cards nowhere: refuse at once. */
function assertSameMode(secretKey: string, publishableKey: string): void {
  const secretLive = /_live_/.test(secretKey);
  const publishableLive = /^pk_live_/.test(publishableKey);
  if (secretLive !== publishableLive) {
    throw new Error('The payment secret key and STRIPE_PUBLISHABLE_KEY are not both live or both test keys');
  }
}

const readFromSecretsManager = secretsManagerReader(WHAT);

// ---- Cards on file and off-session charges (the CardVault port), from the same variables and secret ----

const vaultFromEnv = perContainer(ENV_NAMES, vaultOf);

/** The card vault of this environment: one per container, like paymentGatewayFromEnv. */
export function cardVaultFromEnv(env: NodeJS.ProcessEnv = process.env, deps: GatewayEnvDeps = {}): CardVault {
  return vaultFromEnv(env, deps);
}

function vaultOf(env: NodeJS.ProcessEnv, deps: GatewayEnvDeps): CardVault {
  const kind = kindSchema.parse(env.PAYMENT_GATEWAY);
  if (kind === 'fake') return fakeCardVault({ baseUrl: requireEnv('FAKE_GATEWAY_URL', env) });
  const publishableKey = requireEnv('STRIPE_PUBLISHABLE_KEY', env);
  const secretId = requireEnv('PAYMENT_SECRET_ARN', env);
  const readSecret = deps.readSecret ?? readFromSecretsManager;
  const vault = keptOnceLoaded(async () => {
    const { secretKey } = await readServiceSecret(readSecret, secretId, stripeSecretSchema, WHAT);
    assertSameMode(secretKey, publishableKey);
    return stripeCardVault({ secretKey, publishableKey });
  });
  return {
    kind,
    publishableKey,
    createCustomer: async (request) => (await vault()).createCustomer(request),
    createSetupIntent: async (request) => (await vault()).createSetupIntent(request),
    retrieveSetupIntent: async (id) => (await vault()).retrieveSetupIntent(id),
    retrieveCard: async (id) => (await vault()).retrieveCard(id),
    detachCard: async (id) => (await vault()).detachCard(id),
    createOffSessionIntent: async (request) => (await vault()).createOffSessionIntent(request),
    confirmOffSession: async (intentId, paymentMethodId, key) =>
      (await vault()).confirmOffSession(intentId, paymentMethodId, key),
  };
}
