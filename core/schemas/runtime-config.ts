import { lazySchema } from './lazy-schema';
import * as z from '../zod';
import type { GatewayKind } from './payments';

/**
 * GATEWAY_KINDS of ./payment, written out: the web app checks its config with this schema before the first form
 * is sent (web/src/lib/runtime-config-check.ts), and importing ./payment would bring the money schemas with it.
 */
const GATEWAYS = ['fake', 'stripe'] as const satisfies readonly GatewayKind[];

/**
 * The SPA's runtime `config.json`, written by the CDK deployment and by the local stack, so one build of
 * the web app serves every stage (docs/architecture.md "Stages and config").
 */
export const runtimeConfigSchema = lazySchema(() =>
  z.object({
    stage: z.string().check(z.minLength(1)),
    production: z.boolean(),
    region: z.string().check(z.minLength(1)),
    /** Base URL of the API; '/api' when CloudFront (or the local web server) serves it on the same origin. */
    apiBaseUrl: z.string().check(z.minLength(1)),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    /** Only set locally: the Cognito emulator's bridge. Real Cognito uses the regional endpoint. */
    userPoolEndpoint: z.optional(z.string().check(z.url())),
    /** cognito-local does not do SRP, so the local stage signs in with USER_PASSWORD_AUTH. */
    authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
    termsUrl: z.string().check(z.minLength(1)),
    session: z.object({
      inactivityTimeoutMs: z.number().check(z.int(), z.positive()),
      warningAfterMs: z.number().check(z.int(), z.positive()),
    }),
    /** Only set locally: the dev mailbox where sent emails can be read. */
    mailboxUrl: z.optional(z.string().check(z.url())),
    /** The stage's card gateway (Pay Online): Stripe's Payment Element, or the local fake's test card form. */
    payments: z.object({
      gateway: z.enum(GATEWAYS),
      /** Stripe's publishable key (stripe stages only). */
      publishableKey: z.optional(z.string().check(z.minLength(1))),
    }),
  }),
);
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
