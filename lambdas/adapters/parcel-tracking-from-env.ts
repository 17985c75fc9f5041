import { lazySchema } from '../../core/schemas/lazy-schema';
import * as z from '../../core/zod';
import { PARCEL_TRACKING_KINDS, type ParcelTracking } from '../ports/parcel-tracking';
import { getSecretString } from './aws/secrets-manager';
import { easyPostParcelTracking } from './easypost-parcel-tracking';
import { fakeParcelTracking } from './fake-parcel-tracking';

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

const need = (env: NodeJS.ProcessEnv, name: string): string => {
  const value = env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
};

const ENV_NAMES = [
  'PARCEL_TRACKING',
  'FAKE_CARRIER_URL',
  'FAKE_CARRIER_WEBHOOK_SECRET',
  'EASYPOST_SECRET_ARN',
] as const;
const perContainer = new Map<string, ParcelTracking>();

/**
 * The parcel tracking of this environment. Called with no arguments (the handlers), one per Lambda container
 * however often it is called (keyed by the variables, so a test that changes them gets a new one); with an `env`
 * or `deps` of its own (tests), a new one each call.
 */
export function parcelTrackingFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  deps: ParcelTrackingEnvDeps = {},
): ParcelTracking {
  if (env !== process.env || deps.readSecret) return trackingOf(env, deps);
  const key = ENV_NAMES.map((name) => env[name] ?? '').join('\n');
  let tracking = perContainer.get(key);
  if (!tracking) {
    tracking = trackingOf(env, deps);
    perContainer.set(key, tracking);
  }
  return tracking;
}

function trackingOf(env: NodeJS.ProcessEnv, deps: ParcelTrackingEnvDeps): ParcelTracking {
  const kind = kindSchema.parse(env.PARCEL_TRACKING);
  if (kind === 'fake') {
    return fakeParcelTracking({
      baseUrl: need(env, 'FAKE_CARRIER_URL'),
      webhookSecret: need(env, 'FAKE_CARRIER_WEBHOOK_SECRET'),
    });
  }
  const secretId = need(env, 'EASYPOST_SECRET_ARN');
  const readSecret = deps.readSecret ?? readFromSecretsManager;
  let loading: Promise<ParcelTracking> | undefined;
  const tracking = (): Promise<ParcelTracking> => {
    loading ??= loadEasyPost(readSecret, secretId).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
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
  const json = jsonOrUndefined(await readSecret(secretId));
  // JSON.parse's own error would quote the secret's text: say only what is wrong.
  if (json === undefined) throw new Error('The parcel tracking secret is not JSON');
  const parsed = easyPostSecretSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`The parcel tracking secret is not valid: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return easyPostParcelTracking({ apiKey: parsed.data.apiKey, webhookSecret: parsed.data.webhookSecret });
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readFromSecretsManager(secretId: string): Promise<string> {
  const secret = await getSecretString(secretId);
  if (secret === undefined) throw new Error('The parcel tracking secret has no string value');
  return secret;
}
