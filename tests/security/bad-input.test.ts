import { ScanCommand } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '../../core/zod';
import { TABLES, tableEnvVar, type TableName } from '../../core/data/tables';
import { groupsOf, isMachineAccess, type RouteDefinition } from '../../core/route-definition';
import { MACHINE_SCOPES } from '../../core/rules/machine-scopes';
import { ROUTE_LIST } from '../../core/routes';
import { portsFrom } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';
import { createTestUser, signIn } from '../support/cognito-test-users';
import { machineToken } from '../support/machine-clients';
import { extremeValues } from '../support/extreme-values';

/**
 * Property-based bad input over EVERY route of core/routes.ts, through a local API gateway with a valid
 * token of a role the route allows: random JSON values, wrong types under the route's own keys, huge and
 * unicode strings, prototype-pollution keys and broken envelopes. Every answer must be a 4xx (or a 200
 * for a read-only route whose input happens to be valid), never a 5xx. Write routes only ever get input
 * their schema refuses, and the tables' item counts are the same after the run as before.
 *
 * A second run sends every write route values its schema is likely to ACCEPT, pushed to the
 * edges: strings at their maximum length in odd unicode, numbers at their bounds (1e300, 5e-324 and
 * MAX_SAFE_INTEGER where a schema sets none), full arrays and records, for a practice linked to a real account
 * so that drafts, activity and designs are really written. Those writes change data on purpose; the answer
 * must still never be a 5xx (a value DynamoDB cannot store is a 400, not a 500).
 *
 * The run uses a stack of its own (emulators and gateway, no seed), so the counts cannot be disturbed by
 * other test files running at the same time.
 */
const TOTAL_INPUTS = 1000;
const SEED = 20250406;
const ROUTES_IN_PARALLEL = 6;
/** Valid-but-extreme inputs per write route (the second run). */
const EXTREME_RUNS_PER_ROUTE = 20;

let stack: LocalStack;
const tokens: Record<'customer' | 'superadmin' | 'machine', string> = { customer: '', superadmin: '', machine: '' };
let dynamo: import('@aws-sdk/client-dynamodb').DynamoDBClient;

beforeAll(async () => {
  stack = await startLocalStack({ ports: portsFrom(0, {}), serveWeb: false, seed: false });
  // startLocalStack has put the new stack's environment in process.env (its gateway runs in this process).
  const { DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
  dynamo = new DynamoDBClient({});
  const { putRow, userRow } = await import('../support/dynamo-rows');
  const customer = await createTestUser(['customer']);
  await putRow('users', userRow(customer));
  tokens.customer = await signIn(customer);
  tokens.superadmin = await signIn(await createTestUser(['admin', 'superadmin']));
  // Machine routes get a machine client's token with every scope, so their input reaches the schema.
  tokens.machine = await machineToken([...MACHINE_SCOPES]);
}, 120_000);

afterAll(async () => {
  dynamo?.destroy();
  await stack?.stop();
});

/** Read-only: every table it names is read only, it sends no email and calls no Cognito action that writes. */
const COGNITO_WRITE = /^Admin(Create|Delete|Set|Add|Remove|Disable|Enable|Update|UserGlobalSignOut)/;
const isWriteRoute = (route: RouteDefinition) =>
  Object.values(route.resources.tables ?? {}).some((mode) => mode !== 'read') ||
  !!route.resources.email ||
  (route.resources.userPool ?? []).some((a) => COGNITO_WRITE.test(a));

const tokenFor = (route: RouteDefinition) =>
  route.access === 'public'
    ? undefined
    : isMachineAccess(route.access)
      ? tokens.machine
      : groupsOf(route.access).includes('superadmin')
        ? tokens.superadmin
        : groupsOf(route.access).includes('customer')
          ? tokens.customer
          : tokens.superadmin;

/** The top-level keys a route's input object takes (through optional/default/pipe wrappers), best effort. */
function keysOf(schema: z.core.$ZodType): string[] {
  let current = schema as unknown as { _zod: { def: Record<string, unknown> } };
  for (let i = 0; i < 10; i++) {
    const def = current._zod.def;
    if (def['type'] === 'object') return Object.keys(def['shape'] as object);
    const inner = (def['innerType'] ?? def['in'] ?? def['schema']) as typeof current | undefined;
    if (!inner) return [];
    current = inner;
  }
  return [];
}

const HUGE = 'A'.repeat(300_000);
const OVERSIZED = 'B'.repeat(1_100_000); // over the gateway's 1 MB body limit
const UNICODE = '\u202e\u0000\ud800\uffff🦄ǅ\u0301'.repeat(500);
const NASTY_STRINGS = [
  '',
  ' ',
  '\r\n',
  'a\r\nBcc: victim@example.test',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '../../../../etc/passwd',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '%00',
  HUGE,
  UNICODE,
  OVERSIZED,
];
/** JSON texts whose parse yields own `__proto__` / `constructor` keys (what a hostile client sends). */
const POLLUTION_JSON = [
  '{"__proto__":{"isSuperAdmin":true,"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":null,"userId":{"__proto__":{"x":1}}}',
  '{"prototype":{"role":"admin"}}',
];

/** Values that look right (ids, numbers in range, statuses), so more inputs get past the schema to the handler. */
const plausibleValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
  fc.uuid(),
  fc.emailAddress(),
  fc.integer({ min: 0, max: 200 }),
  fc.constantFrom('active', 'inactive', 'pending', 'approved', 'rejected', 'admin', 'customer', 'BV-1001', true, false),
);

const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: plausibleValue },
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom(...NASTY_STRINGS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.constantFrom(...POLLUTION_JSON.map((text) => JSON.parse(text) as unknown)),
);

const entriesText = (entries: [string, unknown][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`;

/** An object of the route's own keys, each with a plausible or hostile value of any type. */
const ownKeysText = (keys: readonly string[]) =>
  fc
    .subarray([...keys], { minLength: Math.min(1, keys.length) })
    .chain((picked) => fc.tuple(...picked.map((k) => weirdValue.map((v) => [k, v] as [string, unknown]))))
    .map((entries) => entriesText(entries));

/** An object built key by key with protected and prototype keys mixed in, so `__proto__` stays an own key. */
const hostileKeysText = (keys: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(...keys, '__proto__', 'constructor', 'prototype', 'role', 'isSuperAdmin', 'accountNumber'),
        weirdValue,
      ),
      { maxLength: 6 },
    )
    .map(entriesText);

/** Whole request bodies: `{"data": <bad>}` mostly, sometimes a broken envelope. */
function bodies(route: RouteDefinition): fc.Arbitrary<string> {
  const keys = keysOf(route.input);
  const dataText = fc.oneof(
    { weight: 2, arbitrary: weirdValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: keys.length ? 5 : 0, arbitrary: ownKeysText(keys.length ? keys : ['x']) },
    { weight: 2, arbitrary: hostileKeysText(keys.length ? keys : ['x']) },
    { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_JSON) },
  );
  return fc.oneof(
    { weight: 9, arbitrary: dataText.map((text) => `{"data":${text}}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('not json', '[]', 'null', '"data"', '{"data":1,"__proto__":{"x":1}}', '{', ''),
    },
  );
}

/** The `data` a body carries, as the handler would read it (undefined when the envelope is broken). */
function dataOf(body: string): { parsed: boolean; data: unknown } {
  try {
    const envelope = JSON.parse(body) as unknown;
    if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope))
      return { parsed: false, data: undefined };
    return { parsed: true, data: (envelope as { data?: unknown }).data };
  } catch {
    return { parsed: false, data: undefined };
  }
}

async function send(route: RouteDefinition, body: string): Promise<number> {
  const token = tokenFor(route);
  const res = await fetch(`${stack.urls.api}/api/${route.name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

async function itemCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  // The audit log grows on purpose: the refused calls among these (403, hidden 404) are recorded there.
  for (const table of (Object.keys(TABLES) as TableName[]).filter((t) => t !== 'auditLog')) {
    let count = 0;
    let start: Record<string, import('@aws-sdk/client-dynamodb').AttributeValue> | undefined;
    do {
      const page = await dynamo.send(
        new ScanCommand({ TableName: process.env[tableEnvVar(table)], Select: 'COUNT', ExclusiveStartKey: start }),
      );
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    counts[table] = count;
  }
  return counts;
}

describe('security: bad input on every route (property-based, fast-check)', () => {
  it(`${TOTAL_INPUTS} bad inputs across all routes: never a 5xx, and write routes change nothing`, async () => {
    const runsPerRoute = Math.ceil(TOTAL_INPUTS / ROUTE_LIST.length);
    const before = await itemCounts();
    let sent = 0;
    const statuses = new Map<number, number>();

    const fuzzRoute = async (route: RouteDefinition) => {
      const write = isWriteRoute(route);
      const property = fc.asyncProperty(bodies(route), async (body) => {
        const { parsed, data } = dataOf(body);
        // A write route must never receive input it would accept: that would change data on purpose.
        fc.pre(!(write && parsed && z.safeParse(route.input, data).success));
        const status = await send(route, body);

        sent++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const ok = (status >= 400 && status < 500) || (!write && status === 200);
        if (!ok) throw new Error(`${route.name} answered ${status} to ${body.slice(0, 300)}`);
      });
      await fc.assert(property, { numRuns: runsPerRoute, seed: SEED, maxSkipsPerRun: 1000 });
    };

    const queue = [...ROUTE_LIST];
    await Promise.all(
      Array.from({ length: ROUTES_IN_PARALLEL }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await fuzzRoute(route);
      }),
    );

    expect(sent).toBeGreaterThanOrEqual(TOTAL_INPUTS);
    expect([...statuses.keys()].every((s) => s < 500)).toBe(true);
    expect(await itemCounts()).toEqual(before);
    // The gateway still answers normally afterwards: nothing was polluted or wedged.
    expect(
      await send(
        ROUTE_LIST.find((r) => r.name === 'getMyProfile')!,
        '{"data":{}}',
      ),
    ).toBe(200);
  }, 180_000);

  /**
   * Valid-but-extreme input on every write route. Runs after the count check above, since these writes are
   * meant to land. `signOut` is left out: a valid call ends the very session the run signs its calls with.
   */
  it(`valid-but-extreme values on every write route: never a 5xx`, async () => {
    const ACCOUNT = 'EXT-1001';
    const { customerRow, putRow, userRow } = await import('../support/dynamo-rows');
    await putRow('customers', customerRow(ACCOUNT, { company: 'Extreme Eye Care' }));
    const practice = await createTestUser(['customer']);
    await putRow('users', userRow(practice, { accountNumber: ACCOUNT }));
    const practiceToken = await signIn(practice);
    const known = { accountNumber: [ACCOUNT], account: [ACCOUNT], version: [0] };
    const tokenOf = (route: RouteDefinition) =>
      groupsOf(route.access).includes('customer') ? practiceToken : tokenFor(route);

    const writeRoutes = ROUTE_LIST.filter((r) => isWriteRoute(r) && r.kind !== 'webhook' && r.name !== 'signOut');
    const valid = new Map<string, number>();
    const failures: string[] = [];
    const queue = [...writeRoutes];
    await Promise.all(
      Array.from({ length: ROUTES_IN_PARALLEL }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) {
          const r = route;
          const property = fc.asyncProperty(extremeValues(r.input, { known }), async (data) => {
            if (z.safeParse(r.input, data).success) valid.set(r.name, (valid.get(r.name) ?? 0) + 1);
            const token = tokenOf(r);
            const res = await fetch(`${stack.urls.api}/api/${r.name}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
              body: JSON.stringify({ data }),
            });
            const text = await res.text();
            if (res.status >= 500)
              throw new Error(
                `${r.name} answered ${res.status} ${text.slice(0, 200)} to ${JSON.stringify(data).slice(0, 300)}`,
              );
          });
          // Every route runs even when one fails; failures are listed together at the end.
          await fc
            .assert(property, { numRuns: EXTREME_RUNS_PER_ROUTE, seed: SEED, endOnFailure: true })
            .catch((error: unknown) => {
              // The counterexample can be long: keep the route's answer (the failure fast-check gives as the cause).
              const cause = error instanceof Error ? error.cause : undefined;
              const why = (e: unknown): string =>
                e instanceof Error ? `${e.message}${e.cause ? ` (${why(e.cause)})` : ''}` : String(e);
              const answer = why(cause ?? error);
              failures.push(`${r.name}: ${answer.slice(0, 600)}`);
            });
        }
      }),
    );

    expect(failures).toEqual([]);
    // The run is not vacuous: most write routes got inputs their schema accepts.
    const withValid = writeRoutes.filter((r) => (valid.get(r.name) ?? 0) > 0).length;
    expect(withValid / writeRoutes.length).toBeGreaterThan(0.75);
  }, 300_000);
});
