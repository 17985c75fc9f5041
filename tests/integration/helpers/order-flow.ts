import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { tableName } from '../../../lambdas/adapters/dynamo-client';
import * as approveOrder from '../../../lambdas/handlers/orders/approve-order';
import * as closeOrder from '../../../lambdas/handlers/orders/close-order';
import * as submitOrder from '../../../lambdas/handlers/orders/submit-order';
import { sdkDocumentClient } from '../../support/dynamo-rows';
import { handlerCaller } from '../../support/handler-caller';
import { practiceUser } from '../../support/stack-users';

/**
 * An order's life up to the point a test starts from, against the emulators: placed by a new practice, approved
 * by the lab, shipped. Each step must succeed, so a test fails where its own setup broke and not later.
 */

const call = handlerCaller({
  submitOrder: submitOrder.handler,
  approveOrder: approveOrder.handler,
  closeOrder: closeOrder.handler,
});

/** A practice account of its own per call, so tests never share balances, drafts or limits. */
export const testAccountNumber = () => `IT-${randomUUID().slice(0, 8).toUpperCase()}`;

/** One OD lens of `lensId` for "Jane Roe", shipped to a Texas address. */
export const testOrderFields = (lensId: string, method: 'standard' | 'express' = 'standard') => ({
  patient: 'Jane Roe',
  lines: [{ eye: 'OD', lensId, parameters: { sphere: -2.5, diameter: 16.5 }, quantity: 1 }],
  shipping: { method, address: { address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } },
});

export interface FlowOptions {
  method?: 'standard' | 'express';
}

/** An order a new practice placed. */
export async function placedOrder(lensId: string, { method }: FlowOptions = {}) {
  const accountNumber = testAccountNumber();
  const { token } = await practiceUser(accountNumber);
  const orderId = randomUUID();
  const placed = await call('submitOrder', token, {
    orderId,
    accountNumber,
    order: testOrderFields(lensId, method),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { token, accountNumber, orderId, order: placed.body.result };
}

/** An order a new practice placed and the lab (`admin`'s token) approved. */
export async function approvedOrder(admin: string, lensId: string, options: FlowOptions = {}) {
  const placed = await placedOrder(lensId, options);
  const approved = await call('approveOrder', admin, { orderId: placed.orderId, version: placed.order.version });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { ...placed, order: approved.body.result };
}

/** An approved order the lab closed with an invoice and one parcel per tracking number. */
export async function shippedOrder(
  admin: string,
  lensId: string,
  trackingNumbers: string[],
  options: FlowOptions = {},
) {
  const approved = await approvedOrder(admin, lensId, options);
  const closed = await call('closeOrder', admin, {
    orderId: approved.orderId,
    version: approved.order.version,
    invoiceNumber: `INV-${randomUUID().slice(0, 8)}`,
    parcels: trackingNumbers.map((trackingNumber) => ({ trackingNumber })),
  });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return { ...approved, order: closed.body.result };
}

/** The order emails of one kind stored in the outbox for an order (sent or not yet). */
export async function outboxEmails(orderId: string, kind: string) {
  const { Items } = await sdkDocumentClient().send(
    new ScanCommand({
      TableName: tableName('outbox'),
      FilterExpression: '#topic = :order AND #notice.#kind = :kind AND #notice.#order.#id = :orderId',
      ExpressionAttributeNames: {
        '#topic': 'topic',
        '#notice': 'notice',
        '#kind': 'kind',
        '#order': 'order',
        '#id': 'orderId',
      },
      ExpressionAttributeValues: { ':order': 'order', ':kind': kind, ':orderId': orderId },
    }),
  );
  return Items ?? [];
}
