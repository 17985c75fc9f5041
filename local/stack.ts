import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JOBS } from '../core/jobs';
import { API_PREFIX } from '../core/route-definition';
import { runtimeConfigSchema, type RuntimeConfig } from '../core/schemas/runtime-config';
import { buildContentSecurityPolicy, TERMS_DOCUMENT_CSP } from '../infra/build-content-security-policy';
import { readPrerenderedBuild } from '../infra/prerendered-build';
import { stageConfig } from '../infra/stage-config';
import { dynamoAuditLog } from '../lambdas/adapters/dynamo-audit-log';
import { dynamoSecondFactorRecords } from '../lambdas/adapters/dynamo-second-factor-records';
import type { AuditLog } from '../lambdas/ports/audit-log';
import { ensureDemoMachineClient, type DemoMachineClient } from './seed/demo-machine-client';
import { startCognitoBridge, type CognitoBridge } from './cognito-bridge/bridge-server';
import { sesMailSender } from './cognito-bridge/mail-sender';
import { createCodeDeliveryParser, type CodeDelivery } from './cognito-bridge/rules/code-delivery';
import { startCognito } from './emulators/cognito';
import { dynamoClient, startDynamoDb } from './emulators/dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './emulators/local-credentials';
import { startS3 } from './emulators/s3';
import { startSes } from './emulators/ses';
import { startFakeCarrier, type FakeCarrierServer } from './fake-carrier/fake-carrier-server';
import { startFakeGateway, type FakeGatewayServer } from './fake-gateway/fake-gateway-server';
import { startGateway, type LocalGateway } from './gateway/gateway-server';
import { startJobTimers, type JobTimers } from './job-timers';
import { reservePort, resolvePorts, retryOnPortClash, type Ports } from './ports';
import type { ManagedProcess } from './process/child-process';
import { startHostCheckProxy } from './process/host-check-proxy';
import type { LoopbackServer } from './process/listen-on-loopback';
import { provisionTables, tableEnv } from './provision/tables';
import { cognitoClient, provisionUserPool, type UserPoolIds } from './provision/user-pool';
import { DEMO_USERS, type DemoUser } from './seed/demo-data';
import { seedDemoData } from './seed/seed-demo-data';
import { ensureDemoAutopay } from './seed/demo-autopay';
import { dynamoBillingProfileStore } from '../lambdas/adapters/dynamo-billing-profile-store';
import { startWebServer, type WebServer } from './web-server';

export const TABLE_PREFIX = 'lenslab-local';
export const ATTACHMENTS_BUCKET = 'lenslab-local-attachments';
/** The `local` stage of infra/stage-config.ts: sender, session limits, terms URL, as a deployed stage has them. */
const STAGE = stageConfig('local');

export interface LocalStackOptions {
  /** Folder for data that survives a restart; without it the stack is ephemeral (temp folder, in-memory tables). */
  dataDir?: string;
  ports: Ports;
  seed?: boolean;
  serveWeb?: boolean;
  /** The built SPA to serve (default web/dist); the page-speed bench serves its own build. */
  webDistDir?: string;
  /** Every confirmation code is this value (tests); by default cognito-local makes random ones. */
  fixedCode?: string;
  /**
   * Runs the scheduled jobs of core/jobs.ts on timers (a few seconds after start, then daily), as
   * EventBridge does in AWS. Default true; false for a stack that must send no email of its own.
   */
  jobs?: boolean;
  /**
   * How long the outbox consumer reuses the lab's staff list (lambdas/adapters/directory-notification-audiences.ts).
   * Default: the minute it is in AWS. The integration tests make admins as they go and need them heard at once (0);
   * elsewhere every lab notice would list the pool's admin group again.
   */
  staffListCacheMs?: number;
  /**
   * How often the fake carrier moves a parcel by itself (docs/local-stack.md "The fake carrier"): 30 s by default,
   * so a demo parcel is delivered a minute and a half after it ships. Tests that advance parcels by hand set it far
   * beyond their run.
   */
  fakeCarrierStepMs?: number;
  progress?: (message: string) => void;
}

export interface LocalStack {
  urls: {
    /** The portal's origin (CORS of the bridge and the bucket); served only with `serveWeb`. */
    web: string;
    api: string;
    cognito: string;
    cognitoEmulator: string;
    dynamodb: string;
    s3: string;
    ses: string;
    mailbox: string;
    /** The fake card gateway service (stage `payments.gateway` fake): the handlers' gateway and the test card form's. */
    fakeGateway: string;
    /** The fake carrier (EasyPost's trackers in memory): the handlers' parcel tracking, and `POST /fake-carrier/advance`. */
    fakeCarrier: string;
  };
  /** Everything a handler or an integration test needs to reach the emulators. */
  env: Record<string, string>;
  userPoolId: string;
  clientId: string;
  demoUsers: DemoUser[];
  /** The seeded machine client and its secret (docs/integration.md); null when the stack was started unseeded. */
  demoMachineClient: DemoMachineClient | null;
  runtimeConfig: RuntimeConfig;
  /** Process ids of the emulators (each leads its own process group); all gone once stop() resolves. */
  pids: number[];
  stop(): Promise<void>;
}

interface PersistedState extends UserPoolIds {
  seeded: boolean;
}

/**
 * Starts the whole portal on loopback: the four emulators in parallel, then the tables, user pool and
 * bucket from the shared definitions, the Cognito bridge, the seed, the API gateway and the web server.
 * With every port left to the system, a port taken by another stack while this one started it is retried on new
 * ports (`retryOnPortClash`).
 */
export function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  return retryOnPortClash(options.ports, () => startLocalStackOnce(options), options.progress);
}

async function startLocalStackOnce(options: LocalStackOptions): Promise<LocalStack> {
  const progress = options.progress ?? (() => {});
  const ephemeral = !options.dataDir;
  const dataDir = resolve(options.dataDir ?? mkdtempSync(join(tmpdir(), 'lenslab-')));
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const ports = await resolvePorts(options.ports);
  const host = (port: number) => `http://127.0.0.1:${port}`;
  const webOrigin = host(ports.web);
  const statePath = join(dataDir, 'state.json');
  const state: Partial<PersistedState> = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : {};

  const processes: ManagedProcess[] = [];
  const proxies: LoopbackServer[] = [];
  let bridge: CognitoBridge | undefined;
  let bridgeAuditLog: AuditLog | undefined;
  let gateway: LocalGateway | undefined;
  let web: WebServer | undefined;
  let fakeGateway: FakeGatewayServer | undefined;
  let fakeCarrier: FakeCarrierServer | undefined;
  let jobTimers: JobTimers | undefined;
  const pendingCodes: CodeDelivery[] = [];
  const deliver = (delivery: CodeDelivery) => {
    if (bridge) void bridge.deliverCode(delivery).catch((e: unknown) => console.error('code delivery failed', e));
    else pendingCodes.push(delivery);
  };

  const stop = async () => {
    // First: a job in progress finishes while the emulators it uses are still there.
    await jobTimers?.stop();
    await Promise.all([
      web?.close(),
      gateway?.close(),
      bridge?.close(),
      fakeGateway?.close(),
      fakeCarrier?.close(),
      ...proxies.map((p) => p.close()),
    ]);
    await Promise.all(processes.map((p) => p.stop()));
    if (ephemeral) rmSync(dataDir, { recursive: true, force: true });
  };

  // The stack's stand-in for IAM: the Lambdas sign with this secret (their environment), and the bridge refuses
  // an IAM-authorized Cognito operation signed otherwise (local/cognito-bridge/rules/iam-signature.ts).
  const stackCredentials = {
    accessKeyId: LOCAL_CREDENTIALS.accessKeyId,
    secretAccessKey: randomBytes(32).toString('hex'),
  };
  // The emulators listen on ports only the stack knows; the published ones are Host-checking proxies
  // (docs/local-stack.md "Security of the local stack").
  const emulatorPorts = {
    cognito: await reservePort(0),
    dynamodb: await reservePort(0),
    s3: await reservePort(0),
    ses: await reservePort(0),
  };
  const emulator = (service: keyof typeof emulatorPorts) => host(emulatorPorts[service]);

  try {
    progress('Starting DynamoDB Local, cognito-local, s3rver and the SES emulator...');
    // In parallel; if one fails, the others are still awaited so that stop() ends every one that started.
    const started = await Promise.allSettled([
      startDynamoDb({
        port: emulatorPorts.dynamodb,
        dataDir: ephemeral ? undefined : mkdirp(join(dataDir, 'dynamodb')),
        logFile: join(dataDir, 'logs', 'dynamodb.log'),
      }),
      startCognito({
        port: emulatorPorts.cognito,
        issuerPort: ports.cognito,
        dataDir: mkdirp(join(dataDir, 'cognito')),
        logFile: join(dataDir, 'logs', 'cognito.log'),
        fixedCode: options.fixedCode,
        onOutput: createCodeDeliveryParser(deliver),
      }),
      startS3({
        port: emulatorPorts.s3,
        dataDir: join(dataDir, 's3'),
        bucket: ATTACHMENTS_BUCKET,
        webOrigin,
        logFile: join(dataDir, 'logs', 's3.log'),
      }),
      startSes({ port: emulatorPorts.ses, logFile: join(dataDir, 'logs', 'ses.log') }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') processes.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    for (const service of ['dynamodb', 's3', 'ses'] as const) {
      proxies.push(
        await startHostCheckProxy({ name: service, port: ports[service], upstreamPort: emulatorPorts[service] }),
      );
    }
    // Only the JWKS and OpenID configuration the issuer names: the user pool's API is the bridge's, so no one
    // gets tokens around its rules (second factor, disabled users) on cognito-local's port.
    proxies.push(
      await startHostCheckProxy({
        name: 'cognito',
        port: ports.cognito,
        upstreamPort: emulatorPorts.cognito,
        refuse: (req) =>
          req.method === 'GET' || req.method === 'HEAD'
            ? null
            : `The user pool's API is served by the Cognito bridge on port ${ports.bridge}, not here.`,
      }),
    );

    progress('Creating tables, user pool and groups...');
    const dynamo = dynamoClient(emulator('dynamodb'));
    const cognito = cognitoClient(emulator('cognito'));
    await provisionTables(dynamo, TABLE_PREFIX);
    const pool = await provisionUserPool(
      cognito,
      state.userPoolId && state.clientId ? (state as UserPoolIds) : undefined,
    );
    const persist = (seeded: boolean) => writeFileSync(statePath, JSON.stringify({ ...pool, seeded }, null, 2));
    persist(state.seeded === true && state.userPoolId === pool.userPoolId);

    bridge = await startCognitoBridge({
      port: ports.bridge,
      upstream: emulator('cognito'),
      issuer: `${host(ports.cognito)}/${pool.userPoolId}`,
      dataDir: join(dataDir, 'cognito'),
      userPoolId: pool.userPoolId,
      allowedOrigins: [webOrigin, `http://localhost:${ports.web}`],
      sendMail: sesMailSender(host(ports.ses), STAGE.email.from),
      // Read at the first sign-in, once `env` below is in process.env (the table name, DynamoDB Local's port).
      auditLog: () => (bridgeAuditLog ??= dynamoAuditLog()),
      stackCredentials,
    });
    for (const delivery of pendingCodes.splice(0)) deliver(delivery);

    // The local stage's card gateway (docs/local-stack.md "The fake card gateway"): its events go to the API
    // gateway's webhook route, signed with a secret made for this run and given to the handlers below.
    if (STAGE.payments.gateway !== 'fake') throw new Error('The local stack has only the fake card gateway');
    const fakeGatewayWebhookSecret = `whsec_fake_${randomBytes(24).toString('hex')}`;
    fakeGateway = await startFakeGateway({
      port: ports.fakeGateway,
      webhookSecret: fakeGatewayWebhookSecret,
      webhookUrl: `${host(ports.gateway)}${API_PREFIX}/paymentWebhook`,
    });
    // The local stand-in for EasyPost (docs/local-stack.md "The fake carrier"): parcels move by themselves, and
    // each move is a signed event to the carrierWebhook route, with a secret made for this run.
    if (STAGE.parcelTracking.kind !== 'fake') throw new Error('The local stack has only the fake carrier');
    const fakeCarrierWebhookSecret = `fake_carrier_${randomBytes(24).toString('hex')}`;
    fakeCarrier = await startFakeCarrier({
      port: ports.fakeCarrier,
      webhookSecret: fakeCarrierWebhookSecret,
      webhookUrl: `${host(ports.gateway)}${API_PREFIX}/carrierWebhook`,
      ...(options.fakeCarrierStepMs === undefined ? {} : { stepMs: options.fakeCarrierStepMs }),
    });

    const env: Record<string, string> = {
      STAGE: 'local',
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: stackCredentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: host(ports.dynamodb),
      AWS_ENDPOINT_URL_S3: host(ports.s3),
      AWS_ENDPOINT_URL_SESV2: host(ports.ses),
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: bridge.url,
      S3_FORCE_PATH_STYLE: 'true',
      USER_POOL_ID: pool.userPoolId,
      USER_POOL_CLIENT_ID: pool.clientId,
      USER_POOL_ISSUER: `${host(ports.cognito)}/${pool.userPoolId}`,
      ATTACHMENTS_BUCKET,
      EMAIL_FROM: STAGE.email.from,
      // The handlers log to this console; the stage's 'debug' would drown the banner. LOG_LEVEL=debug shows all.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...tableEnv(TABLE_PREFIX),
      // The outbox's beat locally (lambdas/adapters/outbox-consumer.ts): a failed send is tried again within
      // seconds, and a consumer stopped mid-batch hands its messages on after 10 s.
      OUTBOX_LEASE_MS: '10000',
      OUTBOX_RETRY_BASE_MS: '1000',
      OUTBOX_RETRY_CAP_MS: '15000',
      // Outgoing webhooks' beat locally (lambdas/adapters/webhook-deps.ts): a receiver back up is caught up in seconds.
      WEBHOOK_RETRY_BASE_MS: '1000',
      WEBHOOK_RETRY_CAP_MS: '15000',
      ...(options.staffListCacheMs === undefined
        ? {}
        : { NOTIFICATION_STAFF_CACHE_MS: String(options.staffListCacheMs) }),
      PAYMENT_GATEWAY: 'fake',
      FAKE_GATEWAY_URL: fakeGateway.url,
      FAKE_GATEWAY_WEBHOOK_SECRET: fakeGatewayWebhookSecret,
      PARCEL_TRACKING: 'fake',
      FAKE_CARRIER_URL: fakeCarrier.url,
      FAKE_CARRIER_WEBHOOK_SECRET: fakeCarrierWebhookSecret,
      // The pages' origins under both loopback names: the API refuses other sites' pages (browser-request.ts).
      PORTAL_ORIGINS: [webOrigin, `http://localhost:${ports.web}`].join(','),
    };
    // The gateway runs the handlers in this process, as Lambda would with these variables.
    Object.assign(process.env, env);

    if (options.seed !== false && !(state.seeded && state.userPoolId === pool.userPoolId)) {
      progress('Seeding demo practices, buying groups and users...');
      await seedDemoData({ cognito, dynamo, userPoolId: pool.userPoolId, tablePrefix: TABLE_PREFIX });
      persist(true);
    }
    // The demo lab staff's authenticators (documented secrets), also for data seeded before staff needed one;
    // a user who set up their own keeps it. The server's record of each set-up is written as the staff check
    // would write it on first sight (kept when one exists), so a demo sign-in after the start is not ended by it
    // (docs/decisions/0101-staff-second-factor-recorded.md).
    const secondFactorRecords = dynamoSecondFactorRecords();
    for (const user of DEMO_USERS) {
      const sub = user.totpSecret && bridge.enrollTotp(user.email, user.totpSecret);
      if (sub) await secondFactorRecords.recordSetUpSeen(sub, Math.floor(Date.now() / 1000) - 1);
    }
    const demoMachineClient = options.seed === false ? null : await ensureDemoMachineClient(cognito, pool.userPoolId);
    if (options.seed !== false) {
      await ensureDemoAutopay({
        fakeGatewayUrl: fakeGateway.url,
        profiles: dynamoBillingProfileStore(),
        cognito,
        userPoolId: pool.userPoolId,
      });
    }
    dynamo.destroy();
    cognito.destroy();

    gateway = await startGateway({ port: ports.gateway, issuer: env.USER_POOL_ISSUER!, clientId: pool.clientId });
    // The jobs run in this process too, so they see `env` exactly as the route handlers do.
    if (options.jobs !== false) jobTimers = startJobTimers({ jobs: JOBS });
    const mailbox = host(ports.ses);
    const runtimeConfig = runtimeConfigSchema.parse({
      stage: STAGE.stage,
      production: STAGE.production,
      region: LOCAL_REGION,
      apiBaseUrl: API_PREFIX,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.clientId,
      // The browser signs in through the bridge, and with USER_PASSWORD_AUTH: cognito-local has no SRP.
      userPoolEndpoint: bridge.url,
      authFlowType: 'USER_PASSWORD_AUTH',
      termsUrl: STAGE.termsUrl,
      session: STAGE.session,
      mailboxUrl: mailbox,
      payments: { gateway: 'fake' },
    } satisfies RuntimeConfig);
    if (options.serveWeb !== false) {
      const webDistDir = options.webDistDir ?? join(process.cwd(), 'web', 'dist');
      const cognitoOrigin = new URL(bridge.url).origin;
      web = await startWebServer({
        port: ports.web,
        distDir: webDistDir,
        apiUrl: gateway.url,
        // Same origin for the test card form, as the Payment Element's frames are Stripe's in AWS.
        fakeGatewayUrl: fakeGateway.url,
        config: () => runtimeConfig,
        termsUrl: runtimeConfig.termsUrl,
        // AWS's policy with the local origins, so a CSP problem shows in `npm start` and the e2e runs, not
        // only once deployed: the browser talks to the Cognito bridge and to s3rver (presigned PUT/GET).
        csp: {
          pages: () =>
            buildContentSecurityPolicy({
              cognitoOrigin,
              attachmentsOrigin: host(ports.s3),
              // Plain http on loopback: an upgrade to https would break every request to the emulators.
              upgradeInsecureRequests: false,
              paymentGateway: 'fake',
              // Read on every answer: `vite build` may rewrite the folder while the stack runs.
              inlineStyleHashes: readPrerenderedBuild(webDistDir).styleHashes,
            }),
          termsDocument: TERMS_DOCUMENT_CSP,
        },
      });
    }
    return {
      urls: {
        web: web?.url ?? webOrigin,
        api: gateway.url,
        cognito: bridge.url,
        cognitoEmulator: host(ports.cognito),
        dynamodb: host(ports.dynamodb),
        s3: host(ports.s3),
        ses: host(ports.ses),
        mailbox,
        fakeGateway: fakeGateway.url,
        fakeCarrier: fakeCarrier.url,
      },
      env,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      demoUsers: DEMO_USERS,
      demoMachineClient,
      runtimeConfig,
      pids: processes.map((p) => p.child.pid).filter((pid): pid is number => pid !== undefined),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
