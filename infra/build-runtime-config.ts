import { runtimeConfigSchema, type RuntimeConfig } from '../core/schemas/runtime-config';
import { API_PREFIX } from '../core/route-definition';
import type { StageConfig } from './stage-config';

export interface DeployedIds {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The SPA's config.json for a deployed stage (docs/architecture.md "Stages and config"). Values only known at
 * deploy time (pool ids, region) may be CDK tokens; BucketDeployment substitutes them when it writes the file.
 */
export function buildRuntimeConfig(config: StageConfig, ids: DeployedIds): RuntimeConfig {
  return runtimeConfigSchema.parse({
    stage: config.stage,
    production: config.production,
    region: ids.region,
    // CloudFront serves the API on the portal's own origin.
    apiBaseUrl: API_PREFIX,
    userPoolId: ids.userPoolId,
    userPoolClientId: ids.userPoolClientId,
    authFlowType: 'USER_SRP_AUTH',
    termsUrl: config.termsUrl,
    session: config.session,
    payments: {
      gateway: config.payments.gateway,
      ...(config.payments.stripe && { publishableKey: config.payments.stripe.publishableKey }),
    },
  } satisfies RuntimeConfig);
}
