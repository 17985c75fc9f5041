/**
 * The customer's order page and the approval queue answer in about the same time with 1,000
 * and with 100,000 orders, because both are paged Queries on indexes (placedByAccount, byStatus), never Scans.
 *
 *   npm run bench:orders            (or: npx tsx bench/order-lists.ts [secondSize])
 *
 * Starts its own ephemeral emulators (no seed, no web server, free ports), loads orders with BatchWrite,
 * times ~30 calls of each use case through the real DynamoDB adapters and prints median and p95 (ms).
 * Not part of `npm test`: loading 100,000 rows takes minutes.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { performance } from 'node:perf_hooks';
import { documentClientAt } from '../local/emulators/dynamodb';
import { portsFrom } from '../local/ports';
import { startLocalStack } from '../local/stack';
import { orderLoader } from './support/bench-orders';

const SECOND_SIZE = Number(process.argv[2] ?? 100_000);
const SIZES = [1_000, SECOND_SIZE];
const CALLS = 30;
const TARGET = 'BENCH-TARGET';

async function main() {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const started = performance.now();
  const stack = await startLocalStack({ ports: portsFrom(0, {}), seed: false, serveWeb: false });
  try {
    Object.assign(process.env, stack.env);
    // Imported after the environment is set, exactly as a Lambda's modules load after its environment.
    const { tableName } = await import('../lambdas/adapters/dynamo-client');
    const { dynamoOrdersRepository } = await import('../lambdas/adapters/dynamo-orders-repository');
    const { orderItem } = await import('../lambdas/adapters/dynamo-order-writes');
    const { dynamoUsersRepository } = await import('../lambdas/adapters/dynamo-users-repository');
    const { dynamoCustomersRepository } = await import('../lambdas/adapters/dynamo-customers-repository');
    const { listAccountOrders } = await import('../lambdas/use-cases/orders/list-account-orders');
    const { listOrders } = await import('../lambdas/use-cases/orders/list-orders');
    const { getCustomerInfo } = await import('../lambdas/use-cases/customers/get-customer-info');
    console.info(`emulators up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const orders = dynamoOrdersRepository();
    const { DEFAULT_PRODUCTION_SETTINGS } = await import('../core/schemas/production-settings');
    // The queue counts each order's promise state on the lab's calendar: the defaults, read from memory.
    const queue = { orders, production: { get: async () => DEFAULT_PRODUCTION_SETTINGS }, now: () => new Date() };
    const users = dynamoUsersRepository();
    const customers = dynamoCustomersRepository();
    const client = documentClientAt(stack.urls.dynamodb);
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

    const loader = orderLoader({
      client,
      ordersTable: tableName('orders'),
      countersTable: tableName('counters'),
      toItem: orderItem,
      target: TARGET,
      progress: console.info,
    });

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
      ['approval queue: listOrders submitted (25 oldest)', () => listOrders({ status: 'submitted', limit: 25 }, queue)],
      [
        'approval queue: page 2 (cursor)',
        async () => {
          const first = await listOrders({ status: 'submitted', limit: 25 }, queue);
          return listOrders({ status: 'submitted', limit: 25, cursor: first.nextCursor ?? undefined }, queue);
        },
      ],
      [
        'approval queue: filtered by account',
        () => listOrders({ status: 'submitted', accountNumber: TARGET, limit: 25 }, queue),
      ],
    ];

    const results: Record<string, Record<number, { median: number; p95: number; items: number }>> = {};
    for (const size of SIZES) {
      await loader.loadUpTo(size);
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
