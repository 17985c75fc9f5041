import type { ParcelTracking } from '../ports/parcel-tracking';
import { easyPostParcelTracking } from './easypost-parcel-tracking';

/**
 * Parcel tracking locally and in tests: the fake carrier (local/fake-carrier/) speaks the subset of EasyPost's API
 * the portal uses and signs its events with EasyPost's scheme, so this is the EasyPost adapter pointed at it. The
 * requests, the status mapping and the signature check the local stack runs are production's; only the address,
 * the key and the secret differ.
 */
export interface FakeParcelTrackingOptions {
  /** The fake carrier's base URL (env FAKE_CARRIER_URL), e.g. http://127.0.0.1:4808. */
  baseUrl: string;
  /** The secret the fake carrier signs its events with (env FAKE_CARRIER_WEBHOOK_SECRET). */
  webhookSecret: string;
}

/** The fake carrier takes any key; one is sent so that its check for a Basic auth header holds, as EasyPost's. */
export const FAKE_CARRIER_API_KEY = 'fake_carrier_key';

export function fakeParcelTracking(options: FakeParcelTrackingOptions): ParcelTracking {
  return easyPostParcelTracking(
    { apiKey: FAKE_CARRIER_API_KEY, baseUrl: options.baseUrl, webhookSecret: options.webhookSecret },
    'fake',
  );
}
