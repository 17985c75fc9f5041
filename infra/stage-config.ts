import * as z from '../core/zod';
import { SESSION } from '../core/constants';
import { TABLES, type TableName } from '../core/data/tables';
import { PARCEL_TRACKING_KINDS } from '../core/rules/tracking-numbers';
import { GATEWAY_KINDS } from '../core/schemas/payments';

/**
 * Stages are code (docs/architecture.md "Stages and config"): each is a zod-checked object, so a typo or an unsafe
 * production setting fails `cdk synth` with a message naming the field, before anything reaches AWS.
 * This module imports no aws-cdk-lib so the local stack can read the `local` stage cheaply.
 */

/** Values CloudWatch Logs accepts as a retention period (aws-logs RetentionDays, minus "never expire"). */
export const LOG_RETENTION_DAYS = [
  1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653,
] as const;

const hostname = z
  .string()
  .check(z.regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'must be a lowercase DNS name'));

/** A Secrets Manager secret's name, as the operator created it outside the stack. */
const secretNameSchema = () =>
  z.string().check(
    // A name ending in "-" and six characters would read as an ARN's random suffix (Secrets Manager).
    z.regex(
      /^(?![\s\S]*-[A-Za-z0-9]{6}$)[A-Za-z0-9/_+=.@-]{1,512}$/,
      'must be a Secrets Manager secret name (letters, digits, /_+=.@-), not ending in "-" and six characters',
    ),
  );

/**
 * The card gateway (docs/decisions/0053-card-payments-the-gateway-port.md). `fake` is the local stack's
 * in-memory gateway with its test card form; it exists nowhere in AWS, so only the `local` stage may use it.
 * `stripe`: the secret key and webhook secret live in the Secrets Manager secret `secretName` (JSON
 * `{ "secretKey": "sk_...", "webhookSecret": "whsec_..." }`, created by the operator, never in the template);
 * the publishable key is public (it goes into config.json) and lives here.
 */
const paymentsSchema = z.object({
  gateway: z.enum(GATEWAY_KINDS),
  stripe: z.optional(
    z.object({
      secretName: secretNameSchema(),
      publishableKey: z
        .string()
        .check(
          z.regex(/^pk_(live|test)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_live_... or pk_test_...)'),
        ),
    }),
  ),
});

/**
 * Parcel tracking (docs/decisions/0100-production-stages-and-the-ship-promise.md "Carrier events"). `fake` is the
 * local stack's fake carrier (docs/local-stack.md "The fake carrier"), so only the `local` stage may use it.
 * `easypost`: the API key and the webhook secret live in the Secrets Manager secret `secretName` (JSON
 * `{ "apiKey": "...", "webhookSecret": "..." }`, created by the operator, never in the template).
 */
const parcelTrackingSchema = z.object({
  kind: z.enum(PARCEL_TRACKING_KINDS),
  easypost: z.optional(z.object({ secretName: secretNameSchema() })),
});

const sessionSchema = z
  .object({
    inactivityTimeoutMs: z.number().check(z.int(), z.positive()),
    warningAfterMs: z.number().check(z.int(), z.positive()),
  })
  .check(
    z.refine((s) => s.warningAfterMs < s.inactivityTimeoutMs, {
      error: 'warningAfterMs must be less than inactivityTimeoutMs (the warning comes before the expiry)',
      path: ['warningAfterMs'],
    }),
  );

export const stageConfigSchema = z
  .object({
    /** Lowercase, short: it becomes part of the stack name and of the attachments bucket name. */
    stage: z
      .string()
      .check(z.regex(/^[a-z][a-z0-9-]{1,14}$/, 'must be 2-15 characters: a-z, 0-9 and -, starting with a letter')),
    /** spec 1: the production flag; false shows the STAGING badge. */
    production: z.boolean(),
    /** Unset = environment-agnostic stack (synth offline, the CLI profile picks the account at deploy). */
    account: z.optional(z.string().check(z.regex(/^\d{12}$/, 'must be a 12-digit AWS account id'))),
    region: z.optional(z.string().check(z.regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'must be an AWS region such as eu-west-1'))),
    /**
     * Own domain for the portal. Unset = the CloudFront default domain (d123.cloudfront.net) is the portal
     * origin. The certificate must be an ACM certificate in us-east-1 (a CloudFront rule).
     */
    domain: z.optional(
      z.object({
        name: hostname,
        certificateArn: z
          .string()
          .check(
            z.regex(
              /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/,
              'must be an ACM certificate ARN in us-east-1 (CloudFront only reads certificates there)',
            ),
          ),
      }),
    ),
    email: z.object({
      /** Sender of every email the portal sends (SES). */
      from: z.email(),
      /** Verify the sender's whole domain (DKIM, recommended) or only the one address. */
      identity: z.enum(['domain', 'address']),
      /**
       * Who sends Cognito's verification and reset emails: Cognito's built-in sender (50 a day, fine for
       * staging) or SES with `from` (needs the identity verified and SES out of the sandbox first). Production
       * must use SES: the built-in sender's daily cap would stop sign-ups and password resets.
       */
      cognitoSender: z.enum(['cognito', 'ses']),
    }),
    logLevel: z.enum(['debug', 'info', 'warn', 'error']),
    logRetentionDays: z.literal(LOG_RETENTION_DAYS, { error: `must be one of ${LOG_RETENTION_DAYS.join(', ')}` }),
    /** Default HTTP API stage throttle; a route's own `rateLimit` in the route table overrides the rate. */
    throttling: z.object({
      rateLimit: z.number().check(z.positive()),
      burstLimit: z.number().check(z.int(), z.positive()),
    }),
    /** spec 9 idle limits (docs/architecture.md "Stages and config": each stage may be stricter). */
    session: sessionSchema,
    /** What happens to stateful resources (tables, buckets, user pool) when the stack or resource goes. */
    data: z.object({
      removalPolicy: z.enum(['retain', 'destroy']),
      pointInTimeRecovery: z.boolean(),
      deletionProtection: z.boolean(),
      /** AWS Backup plan of the tables and the attachments bucket (infra/constructs/backup.ts). */
      backups: z.boolean(),
      /**
       * Tables the stage uses in place of its own after a point-in-time restore (docs/runbook.md "Restoring a
       * table"): table name -> the restored table's physical name, made by scripts/restore-table.ts. The
       * original stays in the stack, retained and protected, and is no longer read or written.
       */
      restoredTables: z.optional(
        z.partialRecord(
          z.enum(Object.keys(TABLES) as [TableName, ...TableName[]]),
          z.string().check(z.regex(/^[A-Za-z0-9_.-]{3,255}$/, 'must be a DynamoDB table name')),
        ),
      ),
    }),
    /** spec 2 Terms page: the PDF, served by the portal itself (CSP frame-src 'self'). */
    termsUrl: z
      .string()
      .check(z.regex(/^\/[A-Za-z0-9._~/-]+\.pdf$/, 'must be a same-origin path to a PDF, e.g. /terms.pdf')),
    payments: paymentsSchema,
    parcelTracking: parcelTrackingSchema,
    /** What on-call hears of and sees (infra/constructs/monitoring.ts, docs/runbook.md). */
    monitoring: z.object({
      /**
       * Who gets the stage's alarms by email (an SNS subscription each; SNS mails a confirmation link first,
       * and nothing arrives until it is clicked). Empty: the alarms still show on the dashboard.
       */
      alarmEmails: z.array(z.email()).check(z.maxLength(10, 'at most 10 addresses: use a team mailbox or a list')),
      /**
       * X-Ray active tracing of every function (infra/tracing.ts): each invocation's timeline (cold start,
       * handler, the time to answer) in the X-Ray console, beside the logs' correlation ids.
       */
      tracing: z.boolean(),
      /**
       * The CloudTrail trail the audit log's failed sign-ins and authenticator, password and sign-out events
       * need (EventBridge hears CloudTrail's calls only while a trail logs them): `stack` (the default) declares
       * one; `account` when an organization or account trail already logs this region's management events,
       * since a second trail bills every event again (docs/decisions/0097-the-stack-declares-its-cloudtrail-trail.md).
       */
      cloudTrail: z.optional(z.enum(['stack', 'account'])),
    }),
  })
  .check(
    z.superRefine((config, ctx) => {
      checkPayments(config, ctx);
      checkParcelTracking(config, ctx);
      if (!config.production) return;
      if (config.monitoring.alarmEmails.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['monitoring', 'alarmEmails'],
          message: 'production needs at least one address: an alarm nobody receives wakes nobody',
        });
      // A production stage must never lose customer data to a stack update, a rollback or a mistyped delete.
      if (config.data.removalPolicy !== 'retain')
        ctx.addIssue({ code: 'custom', path: ['data', 'removalPolicy'], message: 'production data must be retained' });
      if (!config.data.pointInTimeRecovery)
        ctx.addIssue({ code: 'custom', path: ['data', 'pointInTimeRecovery'], message: 'production needs PITR' });
      if (!config.data.deletionProtection)
        ctx.addIssue({ code: 'custom', path: ['data', 'deletionProtection'], message: 'production needs it' });
      if (!config.data.backups)
        ctx.addIssue({
          code: 'custom',
          path: ['data', 'backups'],
          message: 'production needs its AWS Backup plan (daily for 35 days, monthly for a year)',
        });
      if (config.logLevel === 'debug')
        ctx.addIssue({ code: 'custom', path: ['logLevel'], message: 'debug logs are too verbose for production' });
      if (config.email.cognitoSender !== 'ses')
        ctx.addIssue({
          code: 'custom',
          path: ['email', 'cognitoSender'],
          message:
            'production sends Cognito\'s emails through SES ("ses"): the built-in sender allows 50 emails a day, too few for sign-up codes and password resets',
        });
    }),
  );

/** Which gateway a stage may use, and that a stripe stage says how to reach Stripe. */
function checkPayments(
  config: { stage: string; production: boolean; payments: z.infer<typeof paymentsSchema> },
  ctx: z.core.$RefinementCtx,
): void {
  const { gateway, stripe } = config.payments;
  if (gateway === 'fake') {
    if (config.production) {
      ctx.addIssue({
        code: 'custom',
        path: ['payments', 'gateway'],
        message: 'production takes real cards: use "stripe" (the fake gateway charges nothing)',
      });
    } else if (config.stage !== 'local') {
      ctx.addIssue({
        code: 'custom',
        path: ['payments', 'gateway'],
        message:
          'the fake gateway runs only in the local stack; a deployed stage uses "stripe" (test keys outside production)',
      });
    }
    return;
  }
  if (!stripe) {
    ctx.addIssue({
      code: 'custom',
      path: ['payments', 'stripe'],
      message: 'a stripe stage needs secretName and publishableKey',
    });
    return;
  }
  const live = stripe.publishableKey.startsWith('pk_live_');
  if (config.production && !live) {
    ctx.addIssue({
      code: 'custom',
      path: ['payments', 'stripe', 'publishableKey'],
      message: 'production needs a live key (pk_live_...): a test key takes no money',
    });
  }
  if (!config.production && live) {
    ctx.addIssue({
      code: 'custom',
      path: ['payments', 'stripe', 'publishableKey'],
      message: 'a non-production stage must use a test key (pk_test_...): it must never charge a real card',
    });
  }
}

/** The fake carrier only in the local stack; an EasyPost stage says which secret holds its keys. */
function checkParcelTracking(
  config: { stage: string; parcelTracking: z.infer<typeof parcelTrackingSchema> },
  ctx: z.core.$RefinementCtx,
): void {
  const { kind, easypost } = config.parcelTracking;
  if (kind === 'fake' && config.stage !== 'local') {
    ctx.addIssue({
      code: 'custom',
      path: ['parcelTracking', 'kind'],
      message: 'the fake carrier runs only in the local stack; a deployed stage uses "easypost"',
    });
  }
  if (kind === 'easypost' && !easypost) {
    ctx.addIssue({
      code: 'custom',
      path: ['parcelTracking', 'easypost'],
      message: 'an easypost stage needs secretName (the secret with its apiKey and webhookSecret)',
    });
  }
}

export type StageConfig = z.infer<typeof stageConfigSchema>;
/** The input shape: what a stage definition (or a test) writes before validation. */
export type StageConfigInput = z.input<typeof stageConfigSchema>;

const DEFAULT_SESSION = {
  inactivityTimeoutMs: SESSION.inactivityTimeoutMs,
  warningAfterMs: SESSION.warningAfterMs,
};

// web/public/terms.pdf (scripts/generate-terms-pdf.ts), published at the site root by `vite build`.
const TERMS_URL = '/terms.pdf';

type Env = Record<string, string | undefined>;

/**
 * The stages. Account and region come from the CLI profile (CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION), so
 * the same code deploys to whichever account the operator is signed in to; unset, the stack stays
 * environment-agnostic and synthesizes offline.
 */
export function stageDefinitions(env: Env): Record<string, StageConfigInput> {
  const aws = { account: env.CDK_DEFAULT_ACCOUNT || undefined, region: env.CDK_DEFAULT_REGION || undefined };
  return {
    /** The embedded emulator stack (`npm start`); never deployed to AWS (bin/app.ts refuses it). */
    local: {
      stage: 'local',
      production: false,
      email: { from: 'no-reply@lenslab.example', identity: 'address', cognitoSender: 'cognito' },
      logLevel: 'debug',
      logRetentionDays: 1,
      throttling: { rateLimit: 1000, burstLimit: 2000 },
      session: DEFAULT_SESSION,
      data: { removalPolicy: 'destroy', pointInTimeRecovery: false, deletionProtection: false, backups: false },
      termsUrl: TERMS_URL,
      // The fake gateway service and its test card form (docs/local-stack.md "The fake card gateway").
      payments: { gateway: 'fake' },
      // The fake carrier (docs/local-stack.md "The fake carrier").
      parcelTracking: { kind: 'fake' },
      monitoring: { alarmEmails: [], tracing: false },
    },
    staging: {
      stage: 'staging',
      production: false,
      ...aws,
      email: { from: 'no-reply@lenslab.example', identity: 'domain', cognitoSender: 'cognito' },
      logLevel: 'debug',
      logRetentionDays: 30,
      throttling: { rateLimit: 20, burstLimit: 40 },
      session: DEFAULT_SESSION,
      data: { removalPolicy: 'destroy', pointInTimeRecovery: false, deletionProtection: false, backups: false },
      termsUrl: TERMS_URL,
      // Stripe in test mode: Stripe's test cards in the real Payment Element, real webhooks, no money moves.
      // Placeholder key: set the lab's test-mode publishable key (docs/deploy.md).
      payments: {
        gateway: 'stripe',
        stripe: { secretName: 'lenslab/staging/stripe', publishableKey: 'pk_test_replaceWithTheLabsTestKey' },
      },
      // EasyPost with a test API key: its test trackers move by themselves, and its webhooks are real.
      parcelTracking: { kind: 'easypost', easypost: { secretName: 'lenslab/staging/easypost' } },
      // Staging alarms show on its dashboard; add an address to have them mailed too.
      monitoring: { alarmEmails: [], tracing: true },
    },
    prod: {
      stage: 'prod',
      production: true,
      ...aws,
      // Cognito's codes go through SES from the portal's verified domain (docs/deploy.md: verify it first).
      email: { from: 'no-reply@lenslab.example', identity: 'domain', cognitoSender: 'ses' },
      logLevel: 'info',
      logRetentionDays: 365,
      throttling: { rateLimit: 100, burstLimit: 200 },
      session: DEFAULT_SESSION,
      data: { removalPolicy: 'retain', pointInTimeRecovery: true, deletionProtection: true, backups: true },
      termsUrl: TERMS_URL,
      // Placeholder key: set the lab's live publishable key (docs/deploy.md).
      payments: {
        gateway: 'stripe',
        stripe: { secretName: 'lenslab/prod/stripe', publishableKey: 'pk_live_replaceWithTheLabsLiveKey' },
      },
      parcelTracking: { kind: 'easypost', easypost: { secretName: 'lenslab/prod/easypost' } },
      // Placeholder address: set the lab's on-call mailbox (docs/deploy.md).
      monitoring: { alarmEmails: ['ops@lenslab.example'], tracing: true },
    },
  };
}

/** The domain part of the sender address: the SES identity when `email.identity` is 'domain'. */
export function senderDomain(config: StageConfig): string {
  return config.email.from.slice(config.email.from.lastIndexOf('@') + 1);
}

/** Validates a stage definition; the error lists every bad field so one synth shows all problems. */
export function parseStageConfig(input: unknown): StageConfig {
  const result = stageConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const name =
    typeof input === 'object' && input !== null && 'stage' in input ? String(input.stage) : '(unnamed stage)';
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new Error(`Invalid stage config "${name}":\n${problems.join('\n')}`);
}

/** The validated config of a named stage; an unknown name fails with the list of known stages. */
export function stageConfig(name: string, env: Env = process.env): StageConfig {
  const definitions = stageDefinitions(env);
  const definition = Object.hasOwn(definitions, name) ? definitions[name] : undefined;
  if (!definition) {
    throw new Error(
      `Unknown stage "${name}". Known stages: ${Object.keys(definitions).join(', ')}. Select one with -c stage=<name>.`,
    );
  }
  return parseStageConfig(definition);
}
