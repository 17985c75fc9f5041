/**
 * The API under a steady load.
 *
 *   npm run bench:api                                 (1,000 and 100,000 orders; 50 and 200 requests/s; 10 s each)
 *   npm run bench:api -- --orders 1000 --rates 50 --seconds 5 --route getOrder
 *
 * Starts an ephemeral local stack (seeded, free ports, no web server), loads bench orders (1 in 20 for the
 * demo practice BV-1001 of fitter@brightview.test, bench/support/bench-orders.ts), signs the customer and a lab
 * admin in through the Cognito bridge, and drives each of the busiest routes through the local API gateway
 * with an open-loop client in its own process (bench/api-load/open-loop.ts). Prints p50/p95/p99 and errors per
 * route and rate, and how much of each answer DynamoDB Local took (timed on its HTTP calls in this process,
 * where the handlers run), which is the emulator's share; the rest is ours: the gateway's JWT check, the
 * handler, validation and JSON, all on this machine's 2 cores beside the emulator itself.
 * Not part of `npm test`: it takes minutes and its numbers depend on the machine.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import dc from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { cpus } from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { totpCode } from '../local/cognito-bridge/totp';
import { documentClientAt } from '../local/emulators/dynamodb';
import { portsFrom } from '../local/ports';
import { DEMO_USERS, type DemoUser } from '../local/seed/demo-data';
import { startLocalStack, type LocalStack } from '../local/stack';
import type { Draft, Phase, PhaseResult } from './api-load/open-loop';
import { orderLoader } from './support/bench-orders';

/** The demo customer's own practice: its lists hold 1 in 20 bench orders. */
const PRACTICE = 'BV-1001';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000,100000' },
    rates: { type: 'string', default: '50,200' },
    seconds: { type: 'string', default: '10' },
    route: { type: 'string', multiple: true },
  },
});
const numbers = (list: string, flag: string) =>
  list.split(',').map((part) => {
    const n = Number(part.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} takes whole numbers separated by commas`);
    return n;
  });
const SIZES = numbers(values.orders!, 'orders').sort((a, b) => a - b);
const RATES = numbers(values.rates!, 'rates');
const [SECONDS] = numbers(values.seconds!, 'seconds');

interface RouteLoad {
  name: string;
  as: 'customer' | 'admin';
  bodies: (targetOrderIds: readonly string[]) => unknown[];
  /** Updates the pool of drafts (DRAFT_POOL) instead of sending the bodies as they are. */
  drafts?: boolean;
}

/** Open drafts the customer autosaves in turn: below the 50 a user may keep open (save-order-draft.ts). */
const DRAFT_POOL = 40;

const DRAFT = {
  patient: 'Bench patient',
  poNumber: 'PO-BENCH',
  lines: [{ eye: 'OD', lensId: 'scleral-horizon', parameters: { sphere: -2.5 }, quantity: 1 }],
};

const ROUTES: RouteLoad[] = [
  { name: 'getCustomerInfo', as: 'customer', bodies: () => [{ page: 1, records: 25 }] },
  { name: 'listAccountOrders', as: 'customer', bodies: () => [{ accountNumber: PRACTICE, limit: 25 }] },
  { name: 'listOrders', as: 'admin', bodies: () => [{ status: 'submitted', limit: 25 }] },
  // Different orders in turn, newest and oldest alike, as practices open them.
  {
    name: 'getOrder',
    as: 'customer',
    bodies: (ids) =>
      ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / 100)) === 0).map((orderId) => ({ orderId })),
  },
  // The order form's autosave: drafts of the practice updated in turn, each save naming the version it last
  // read (a conditional write per request; bench/api-load/open-loop.ts keeps the versions).
  {
    name: 'saveOrderDraft',
    as: 'customer',
    bodies: () => [{ orderId: '$ORDER_ID', accountNumber: PRACTICE, version: '$VERSION', draft: DRAFT }],
    drafts: true,
  },
];
const routes = ROUTES.filter((r) => !values.route || values.route.includes(r.name));
if (routes.length === 0) throw new Error(`--route is one of ${ROUTES.map((r) => r.name).join(', ')}`);

const started = performance.now();
const progress = (message: string) =>
  console.info(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${message}`);

/** Signs a demo user in through the Cognito bridge as the portal does locally; answers the ID token. */
async function idToken(stack: LocalStack, user: DemoUser): Promise<string> {
  const call = async (operation: string, body: unknown) => {
    const res = await fetch(stack.urls.cognito, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as {
      AuthenticationResult?: { IdToken: string };
      ChallengeName?: string;
      Session?: string;
    };
  };
  let answer = await call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: stack.clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA' && user.totpSecret) {
    answer = await call('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: stack.clientId,
      Session: answer.Session,
      ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: await totpCode(user.totpSecret) },
    });
  }
  if (!answer.AuthenticationResult) throw new Error(`${user.email} could not sign in: ${JSON.stringify(answer)}`);
  return answer.AuthenticationResult.IdToken;
}

/** The customer's pool of drafts to autosave, created through the API as the order form's first save does. */
async function createDrafts(stack: LocalStack, token: string): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for (let i = 0; i < DRAFT_POOL; i++) {
    const orderId = randomUUID();
    const res = await fetch(`${stack.urls.api}/api/saveOrderDraft`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data: { orderId, accountNumber: PRACTICE, draft: DRAFT } }),
    });
    const answer = (await res.json()) as { result?: Draft };
    if (!answer.result) throw new Error(`The bench draft could not be created: ${JSON.stringify(answer)}`);
    drafts.push({ orderId, version: answer.result.version });
  }
  return drafts;
}

/**
 * The handlers' calls to DynamoDB Local (HTTP from this process): their count and time since `reset`, and
 * `quiet()`, which waits until none has been open for a second. An overloaded phase leaves work queued after
 * its client gave up; the next phase starts only once that is done, so each phase measures itself alone.
 * The Lambdas' own calls go through `fetch` (undici's channels); the SDK's, still used by other services and
 * the loader, through `node:http`.
 */
function emulatorCalls(host: string) {
  const startedAt = new WeakMap<object, number>();
  let calls = 0;
  let ms = 0;
  let open = 0;
  let lastClosed = 0;
  const opened = new WeakSet<object>();
  const started = (request: object) => {
    startedAt.set(request, performance.now());
    opened.add(request);
    open += 1;
  };
  const answered = (request: object) => {
    const t0 = startedAt.get(request);
    if (t0 === undefined) return;
    calls += 1;
    ms += performance.now() - t0;
  };
  const closed = (request: object) => {
    if (!opened.delete(request)) return;
    open -= 1;
    lastClosed = performance.now();
  };
  dc.subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    if (request.getHeader('host') !== host) return;
    started(request);
    // 'close' comes in every case (answered, timed out, refused), unlike the response events.
    request.once('close', () => closed(request));
  });
  dc.subscribe('http.client.response.finish', (message) => answered((message as { request: ClientRequest }).request));
  type UndiciMessage = { request: { origin: string } };
  dc.subscribe('undici:request:create', (message) => {
    const { request } = message as UndiciMessage;
    if (new URL(request.origin).host === host) started(request);
  });
  dc.subscribe('undici:request:trailers', (message) => {
    const { request } = message as UndiciMessage;
    answered(request);
    closed(request);
  });
  dc.subscribe('undici:request:error', (message) => closed((message as UndiciMessage).request));
  return {
    reset: () => {
      calls = 0;
      ms = 0;
    },
    read: () => ({ calls, ms }),
    /** Seconds waited until no call had been open for a second (at most `limitMs`). */
    async quiet(limitMs = 600_000): Promise<number> {
      const t0 = performance.now();
      const busy = () => open > 0 || performance.now() - lastClosed < 1_000;
      while (busy() && performance.now() - t0 < limitMs) await new Promise((r) => setTimeout(r, 100));
      return (performance.now() - t0) / 1000;
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // An overloaded handler logs each refused call; the table counts them, so only errors are printed.
  process.env.LOG_LEVEL ??= 'error';
  progress('Starting an ephemeral local stack (seeded, no web server)...');
  const stack = await startLocalStack({ ports: portsFrom(0, {}), seed: true, serveWeb: false, jobs: false });
  const rows: string[][] = [];
  const resentNotes: string[] = [];
  try {
    Object.assign(process.env, stack.env);
    // Imported after the environment is set, exactly as a Lambda's modules load after its environment.
    const { tableName } = await import('../lambdas/adapters/dynamo-client');
    const { orderItem } = await import('../lambdas/adapters/dynamo-order-writes');
    const loader = orderLoader({
      client: documentClientAt(stack.urls.dynamodb),
      ordersTable: tableName('orders'),
      countersTable: tableName('counters'),
      toItem: orderItem,
      target: PRACTICE,
      progress,
    });
    const emulator = emulatorCalls(new URL(stack.urls.dynamodb).host);
    const customer = DEMO_USERS.find((u) => u.email === 'fitter@brightview.test');
    const admin = DEMO_USERS.find((u) => u.groups.includes('admin') && u.totpSecret);
    if (!customer || !admin) throw new Error('The demo customer or lab admin is gone from local/seed/demo-data.ts');

    let drafts: Draft[] | undefined;
    for (const size of SIZES) {
      await emulator.quiet();
      await loader.loadUpTo(size);
      // Fresh tokens for each size: loading 100,000 orders can outlast an ID token's hour.
      const tokens = { customer: await idToken(stack, customer), admin: await idToken(stack, admin) };
      drafts ??= await createDrafts(stack, tokens.customer);
      for (const route of routes) {
        const bodies = route.bodies(loader.targetOrderIds).map((data) => JSON.stringify({ data }));
        const url = `${stack.urls.api}/api/${route.name}`;
        // Warm-up: the handler module's first import and the connections, as a warm Lambda has them.
        const base = { url, token: tokens[route.as], bodies, timeoutMs: 30_000 };
        const warm = await runPhase({ ...base, rate: 20, seconds: 1, ...(route.drafts ? { drafts } : {}) });
        if (route.drafts) drafts = warm.drafts;
        if (warm.ok !== warm.sent)
          throw new Error(`${route.name} fails before any load: ${JSON.stringify(warm.errors)}`);
        for (const rate of RATES) {
          progress(`${size.toLocaleString('en-US')} orders: ${route.name} at ${rate}/s for ${SECONDS} s...`);
          const waited = await emulator.quiet();
          if (waited > 2) progress(`(waited ${waited.toFixed(0)} s for the last phase's queue to drain)`);
          emulator.reset();
          const result = await runPhase({ ...base, rate, seconds: SECONDS!, ...(route.drafts ? { drafts } : {}) });
          if (route.drafts) drafts = result.drafts;
          const db = emulator.read();
          const answered = result.latencies.length || 1;
          const errors =
            Object.entries(result.errors)
              .map(([code, n]) => `${n}x${code}`)
              .join(' ') || '0';
          if (result.resent > 0)
            resentNotes.push(`${size.toLocaleString('en-US')} orders, ${route.name} at ${rate}/s: ${result.resent}`);
          rows.push([
            size.toLocaleString('en-US'),
            route.name,
            String(rate),
            result.achievedRate.toFixed(0),
            errors,
            ...[50, 95, 99].map((p) => percentile(result.latencies, p).toFixed(1)),
            `${(db.ms / answered).toFixed(1)} (${(db.calls / answered).toFixed(1)})`,
          ]);
        }
      }
    }
  } finally {
    await stack.stop();
  }
  const header = [
    'orders',
    'route',
    'rate/s',
    'answered/s',
    'errors',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'DynamoDB Local ms (calls) per answer',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.info(
    `\nOpen loop, ${SECONDS} s per rate, latency from each request's scheduled send (${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, Node ${process.version})\n`,
  );
  console.info([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  if (resentNotes.length)
    console.info(
      `\nSent again after a reused keep-alive connection was reset before any answer (the gateway had just ` +
        `closed it as idle; not counted as errors): ${resentNotes.join('; ')}.`,
    );
}

/**
 * One phase in the load client's own process, so its timers never wait on the handlers' event loop (which is
 * this one: it must stay free to serve, hence no synchronous spawn).
 */
async function runPhase(phase: Phase): Promise<PhaseResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/api-load/open-loop.ts', JSON.stringify(phase)],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as PhaseResult;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
