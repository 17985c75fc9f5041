import type { Construct } from 'constructs';
import { operatorSecret, type OperatorSecretTarget } from './operator-secret';
import type { StageConfig } from './stage-config';

export interface ParcelTrackingSetup {
  /** Only for functions that name `parcelTracking` (lambdas/adapters/parcel-tracking-from-env.ts). */
  environment: Record<string, string>;
  /** Undefined for the fake carrier, which has no secret (and exists only in the local stack). */
  secret: OperatorSecretTarget | undefined;
}

/**
 * What a stage's parcel tracking gives the functions that use it (infra/stage-config.ts `parcelTracking`): which
 * service, and the secret with EasyPost's API key and webhook secret. The keys never enter the template: the
 * function reads the secret at its first parcel or event.
 */
export function parcelTrackingSetup(scope: Construct, config: StageConfig): ParcelTrackingSetup {
  const { kind, easypost } = config.parcelTracking;
  if (kind !== 'easypost' || !easypost) return { environment: { PARCEL_TRACKING: kind }, secret: undefined };
  const secret = operatorSecret(scope, easypost.secretName);
  return { environment: { PARCEL_TRACKING: 'easypost', EASYPOST_SECRET_ARN: secret.arn }, secret };
}
