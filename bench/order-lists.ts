/**
 * Issue 5 item 9: the customer's order page and the approval queue answer in about the same time with 1,000
 * and with 100,000 orders, because both are paged Queries on indexes (byAccount, byStatus), never Scans.
 *
 *   npm run bench:orders            (or: npx tsx bench/order-lists.ts [secondSize])
 *
 * Starts its own ephemeral emulators (no seed, no web server, free ports), loads orders with BatchWrite,
 * times ~30 calls of each use case through the real DynamoDB adapters and prints median and p95 (ms).
 * Not part of `npm test`: loading 100,000 rows takes minutes.
 */
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_WARRANTY_POLICY } from '../core/schemas/lens';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { OrderStatus } from '../core/rules/order-lifecycle';
import type { Order } from '../core/schemas/order';
import { portsFrom } from '../local/ports';
import { startLocalStack } from '../local/stack';

const SECOND_SIZE = Number(process.argv[2] ?? 100_000);
const SIZES = [1_000, SECOND_SIZE];
const CALLS = 30;
const ACCOUNTS = 200;
const TARGET = 'BENCH-TARGET';
/** The target practice's share of all orders (a large practice: 1 in 20), so its first page is full at 1,000. */
const TARGET_SHARE = 0.05;
const STATUS_MIX: [OrderStatus, number][] = [
  ['submitted', 0.1],
  ['on-hold', 0.05],
  ['approved', 0.2],
  ['closed', 0.5],
  ['rejected', 0.05],
  ['cancelled', 0.1],
];

function statusFor(i: number): OrderStatus {
  let r = ((i * 7919) % 1000) / 1000;
  for (const [status, share] of STATUS_MIX) {
    if (r < share) return status;
    r -= share;
  }
  return 'closed';
}

function benchOrder(i: number): Order {
  const accountNumber = i % Math.round(1 / TARGET_SHARE) === 0 ? TARGET : `BENCH-${i % ACCOUNTS}`;
  // Spread over the last ~2 years, one order every ~10 minutes, so sort keys are realistic and distinct.
  const at = new Date(Date.UTC(2024, 0, 1) + i * 600_000 + (i % 997)).toISOString();
  const status = statusFor(i);
  return {
    orderId: randomUUID(),
    orderNumber: `LL-${String(i + 1).padStart(6, '0')}`,
    accountNumber,
    status,
    patient: `Patient ${i}`,
    poNumber: `PO-${i}`,
    lines: [
      {
        eye: 'OD',
        lensId: 'scleral-horizon',
        parameters: { sphere: -2.5, diameter: 16.5 },
        quantity: 1,
        design: {
          lensId: 'scleral-horizon',
          name: 'Horizon Scleral',
          type: 'scleral',
          warranty: DEFAULT_WARRANTY_POLICY,
          parameters: [
            {
              kind: 'number',
              key: 'sphere',
              label: 'Sphere',
              unit: 'D',
              min: -25,
              max: 20,
              step: 0.25,
              required: true,
            },
          ],
          warrantyDays: 120,
          version: 0,
          priceCents: 39500,
        },
      },
    ],
    attachments: [],
    history: [
      { at, action: 'submit', from: null, to: 'submitted', by: { userId: 'bench', name: 'Bench', actor: 'practice' } },
    ],
    createdBy: { userId: 'bench-user', name: 'Bench User' },
    createdAt: at,
    submittedAt: at,
    statusAt: at,
    updatedAt: at,
    version: 0,
    totalCents: 39500,
  };
}

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = performance.now();
  const stack = await startLocalStack({ ports: portsFrom(0, {}), seed: false, serveWeb: false });
  try {
    Object.assign(process.env, stack.env);
    // Imported after the environment is set, exactly as a Lambda's modules load after its environment.
    const { documentClient, tableName } = await import('../lambdas/adapters/dynamo-client');
    const { dynamoOrdersRepository, orderItem } = await import('../lambdas/adapters/dynamo-orders-repository');
    const { dynamoUsersRepository } = await import('../lambdas/adapters/dynamo-users-repository');
    const { dynamoCustomersRepository } = await import('../lambdas/adapters/dynamo-customers-repository');
    const { listAccountOrders } = await import('../lambdas/use-cases/list-account-orders');
    const { listOrders } = await import('../lambdas/use-cases/list-orders');
    const { getCustomerInfo } = await import('../lambdas/use-cases/get-customer-info');
    const { mapWithLimit } = await import('../lambdas/concurrency/map-with-limit');
    console.info(`emulators up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const orders = dynamoOrdersRepository();
    const users = dynamoUsersRepository();
    const customers = dynamoCustomersRepository();
    const client = documentClient();
    const caller = {
      userId: 'bench-user',
      email: 'bench@lab.test',
      emailVerified: true,
      groups: ['customer' as const],
      authTime: 0,
      issuedAt: 0,
    };
    await client.send(
      new PutCommand({
        TableName: tableName('users'),
        Item: { userId: caller.userId, email: caller.email, accountNumber: TARGET, accountNumbers: [], version: 0 },
      }),
    );
    await client.send(
      new PutCommand({
        TableName: tableName('customers'),
        Item: { accountNumber: TARGET, company: 'Bench Practice', phone: '', pricingAllowed: true, status: 'active' },
      }),
    );

    let loaded = 0;
    const load = async (upTo: number) => {
      const t0 = performance.now();
      const batches: number[][] = [];
      for (let i = loaded; i < upTo; i += 25)
        batches.push(Array.from({ length: Math.min(25, upTo - i) }, (_, k) => i + k));
      await mapWithLimit(batches, 8, async (batch) => {
        let pending = batch.map((i) => ({ PutRequest: { Item: orderItem(benchOrder(i)) } }));
        for (let round = 0; pending.length > 0; round++) {
          if (round > 0) await new Promise((r) => setTimeout(r, 20 * round));
          const answer = await client.send(new BatchWriteCommand({ RequestItems: { [tableName('orders')]: pending } }));
          pending = (answer.UnprocessedItems?.[tableName('orders')] ?? []) as typeof pending;
        }
      });
      const counters = { [`account#${TARGET}`]: Math.ceil(upTo * TARGET_SHARE) };
      for (const [counter, value] of Object.entries(counters))
        await client.send(new PutCommand({ TableName: tableName('counters'), Item: { counter, value } }));
      console.info(
        `loaded ${upTo.toLocaleString('en-US')} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      loaded = upTo;
    };

    const time = async (fn: () => Promise<unknown>) => {
      for (let i = 0; i < 10; i++) await fn(); // warm-up (connections, both JITs)
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        await fn();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      return { median: ms[Math.floor(ms.length / 2)]!, p95: ms[Math.ceil(ms.length * 0.95) - 1]! };
    };

    const cases: [string, () => Promise<unknown>][] = [
      [
        'customer page: listAccountOrders (25 newest)',
        () => listAccountOrders(caller, { accountNumber: TARGET, limit: 25 }, { orders, users }),
      ],
      [
        'customer page: getCustomerInfo (page 1, 25)',
        () => getCustomerInfo(caller, { page: 1, records: 25 }, { users, customers, orders }),
      ],
      [
        'approval queue: listOrders submitted (25 oldest)',
        () => listOrders({ status: 'submitted', limit: 25 }, { orders }),
      ],
      [
        'approval queue: page 2 (cursor)',
        async () => {
          const first = await listOrders({ status: 'submitted', limit: 25 }, { orders });
          return listOrders({ status: 'submitted', limit: 25, cursor: first.nextCursor ?? undefined }, { orders });
        },
      ],
      [
        'approval queue: filtered by account',
        () => listOrders({ status: 'submitted', accountNumber: TARGET, limit: 25 }, { orders }),
      ],
    ];

    const results: Record<string, Record<number, { median: number; p95: number; items: number }>> = {};
    for (const size of SIZES) {
      await load(size);
      for (const [name, fn] of cases) {
        const items =
          ((await fn()) as { items?: unknown[]; orders?: unknown[] }).items?.length ??
          ((await fn()) as { orders: unknown[] }).orders.length;
        results[name] = { ...results[name], [size]: { ...(await time(fn)), items } };
      }
    }

    const fmt = (n: number) => n.toFixed(1).padStart(7);
    console.info(`\n${CALLS} calls each, ms (median / p95), items answered; DynamoDB Local on this machine\n`);
    console.info(
      `${'case'.padEnd(50)} ${SIZES.map((s) => `${s.toLocaleString('en-US')} orders`.padStart(26)).join(' ')}`,
    );
    for (const [name] of cases) {
      const cells = SIZES.map((s) => {
        const r = results[name]![s]!;
        return `${fmt(r.median)} / ${fmt(r.p95)} (${String(r.items).padStart(2)})`.padStart(26);
      });
      console.info(`${name.padEnd(50)} ${cells.join(' ')}`);
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
