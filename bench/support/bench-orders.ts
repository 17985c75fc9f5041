/**
 * Orders for the benchmarks (npm run bench:orders, bench:api): realistic rows spread over ~2 years and
 * 200 practices plus one large target practice (1 in 20 orders), loaded with BatchWrite through the real
 * adapters' item mapping, so the lists read exactly what the portal stores.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OrderStatus } from '../../core/rules/order-lifecycle';
import { DEFAULT_WARRANTY_POLICY } from '../../core/schemas/lenses';
import type { Order } from '../../core/schemas/orders';
import { mapWithLimit } from '../../lambdas/concurrency/map-with-limit';

const ACCOUNTS = 200;
/** The target practice's share of all orders (a large practice: 1 in 20), so its first page is full at 1,000. */
export const TARGET_SHARE = 0.05;
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

export const isTargetOrder = (i: number) => i % Math.round(1 / TARGET_SHARE) === 0;

export function benchOrder(i: number, target: string): Order {
  const accountNumber = isTargetOrder(i) ? target : `BENCH-${i % ACCOUNTS}`;
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

export interface OrderLoader {
  /** Orders loaded so far. */
  readonly loaded: number;
  /** The ids of the target practice's orders loaded so far (getOrder picks from them). */
  readonly targetOrderIds: readonly string[];
  /** Loads orders until `upTo` are in the table, and counts the target practice's in its counter. */
  loadUpTo(upTo: number): Promise<void>;
}

export function orderLoader(deps: {
  client: DynamoDBDocumentClient;
  ordersTable: string;
  countersTable: string;
  /** The adapters' own row mapping (lambdas/adapters/dynamo-orders-repository `orderItem`). */
  toItem: (order: Order) => Record<string, unknown>;
  target: string;
  progress?: (message: string) => void;
}): OrderLoader {
  let loaded = 0;
  const targetOrderIds: string[] = [];
  return {
    get loaded() {
      return loaded;
    },
    targetOrderIds,
    async loadUpTo(upTo) {
      const t0 = performance.now();
      const batches: number[][] = [];
      for (let i = loaded; i < upTo; i += 25) {
        batches.push(Array.from({ length: Math.min(25, upTo - i) }, (_, k) => i + k));
      }
      let targetAdded = 0;
      await mapWithLimit(batches, 8, async (batch) => {
        const orders = batch.map((i) => benchOrder(i, deps.target));
        for (const order of orders) {
          if (order.accountNumber === deps.target) {
            targetOrderIds.push(order.orderId);
            targetAdded += 1;
          }
        }
        let pending = orders.map((order) => ({ PutRequest: { Item: deps.toItem(order) } }));
        for (let round = 0; pending.length > 0; round++) {
          if (round > 0) await new Promise((r) => setTimeout(r, 20 * round));
          const answer = await deps.client.send(
            new BatchWriteCommand({ RequestItems: { [deps.ordersTable]: pending } }),
          );
          pending = (answer.UnprocessedItems?.[deps.ordersTable] ?? []) as typeof pending;
        }
      });
      // Added to whatever the practice already had (the demo seed's orders), as submitting would count them.
      await deps.client.send(
        new UpdateCommand({
          TableName: deps.countersTable,
          Key: { counter: `account#${deps.target}` },
          UpdateExpression: 'ADD #value :n',
          ExpressionAttributeNames: { '#value': 'value' },
          ExpressionAttributeValues: { ':n': targetAdded },
        }),
      );
      deps.progress?.(
        `loaded ${upTo.toLocaleString('en-US')} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
      loaded = upTo;
    },
  };
}
