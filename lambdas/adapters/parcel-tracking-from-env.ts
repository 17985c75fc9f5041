import { lazySchema } from '../../core/schemas/lazy-schema';
import * as z from '../../core/zod';
import { PARCEL_TRACKING_KINDS, type ParcelTracking } from '../ports/parcel-tracking';
import { requireEnv } from '../env';
import { keptOnceLoaded, perContainer } from '../kernel/per-container';
import { easyPostParcelTracking } from './easypost-parcel-tracking';
import { fakeParcelTracking } from './fake-parcel-tracking';
import { readServiceSecret, secretsManagerReader } from './service-secret';

/**
 * The stage's parcel tracking, from the function's environment: PARCEL_TRACKING = `easypost` (EASYPOST_SECRET_ARN:
 * a Secrets Manager secret `{ "apiKey": "...", "webhookSecret": "..." }`) or `fake` (FAKE_CARRIER_URL and
 * FAKE_CARRIER_WEBHOOK_SECRET of the local fake carrier).
 *
 * As the card gateway's keys (payment-gateway-from-env.ts): the secret is read on the first call that needs it and
 * kept for the container's life (one Secrets Manager call per cold start); a failed read is not kept, so the next
 * request tries again. A rotated key reaches new containers.
 */
export interface ParcelTrackingEnvDeps {
  /** Reads a secret's string; Secrets Manager by default. */
  readSecret?: (secretId: string) => Promise<string>;
}

/** How the errors about the secret name it. */
const WHAT = 'parcel tracking secret';

const kindSchema = lazySchema(() =>
  z.enum(PARCEL_TRACKING_KINDS, { error: 'PARCEL_TRACKING must be "easypost" or "fake"' }),
);

/** What the secret holds. The messages name the field, never its value. */
export const easyPostSecretSchema = lazySchema(() =>
  z.object({
    apiKey: z.string().check(z.regex(/^\S{8,}$/, 'apiKey must be an EasyPost API key')),
    webhookSecret: z.string().check(z.minLength(1, 'webhookSecret must be the webhook secret set in EasyPost')),
  }),
);

const ENV_NAMES = [
  'PARCEL_TRACKING',
  'FAKE_CARRIER_URL',
  'FAKE_CARRIER_WEBHOOK_SECRET',
  'EASYPOST_SECRET_ARN',
] as const;
const fromEnv = perContainer(ENV_NAMES, trackingOf);

/**
 * The parcel tracking of this environment. Called with no arguments (the handlers), one per Lambda container
 * however often it is called (keyed by the variables, so a test that changes them gets a new one); with an `env`
 * or `deps` of its own (tests), a new one each call.
 */
export function parcelTrackingFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  deps: ParcelTrackingEnvDeps = {},
): ParcelTracking {
  return fromEnv(env, deps);
}

function trackingOf(env: NodeJS.ProcessEnv, deps: ParcelTrackingEnvDeps): ParcelTracking {
  const kind = kindSchema.parse(env.PARCEL_TRACKING);
  if (kind === 'fake') {
    return fakeParcelTracking({
      baseUrl: requireEnv('FAKE_CARRIER_URL', env),
      webhookSecret: requireEnv('FAKE_CARRIER_WEBHOOK_SECRET', env),
    });
  }
  const secretId = requireEnv('EASYPOST_SECRET_ARN', env);
  const readSecret = deps.readSecret ?? readFromSecretsManager;
  const tracking = keptOnceLoaded(() => loadEasyPost(readSecret, secretId));
  return {
    kind,
    track: async (request) => (await tracking()).track(request),
    retrieve: async (trackerId) => (await tracking()).retrieve(trackerId),
    verifyEvent: async (rawBody, headers) => (await tracking()).verifyEvent(rawBody, headers),
  };
}

async function loadEasyPost(
  readSecret: (secretId: string) => Promise<string>,
  secretId: string,
): Promise<ParcelTracking> {
  const { apiKey, webhookSecret } = await readServiceSecret(readSecret, secretId, easyPostSecretSchema, WHAT);
  return easyPostParcelTracking({ apiKey, webhookSecret });
}

const readFromSecretsManager = secretsManagerReader(WHAT);
