import { TRANSACTION_ITEMS_LIMIT } from '../../core/data/tables';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  PutCommand,
  UpdateCommand,
  TransactionCanceledException,
  TransactWriteCommand,
} from './aws/dynamo-document-client';
import type { Order } from '../../core/schemas/orders';
import {
  checkPlacedOrder,
  counterNames,
  orderSearchText,
  orderRefusals,
  type OrderWriteRefused,
  type OrdersRepository,
} from '../ports/orders-repository';
import { consultOrderedUpdate } from './dynamo-consult-ordered';
import { creditChangeItems, invoicePut } from './dynamo-money-items';
import type { CreditMetrics } from './emf-credit-metrics';
import type { CreditChange } from '../ports/money-store';
import { outboxPuts } from './dynamo-outbox-items';
import { documentClient } from './dynamo-client';

/**
 * The orders table's writes: the conditional put with the counters, sequence, invoice and consult it moves, and
 * the outbox messages of the notices it causes.
 */

/**
 * The stored item: the order plus the folded text its lists search in, and the ship-by day the queue sorts by
 * (byShipBy, sparse: only an order with a promise has it).
 */
export function orderItem(order: Order): Record<string, unknown> {
  return {
    ...order,
    searchText: orderSearchText(order),
    ...(order.promise ? { promisedShipBy: order.promise.shipBy } : {}),
  };
}

/** Where each conditioned item sits in the transaction, so a cancellation reason (one per item) names its cause. */
interface ItemIndexes {
  sequence: number | null;
  invoice: number | null;
  limits: number[];
  consult: number | null;
  parcels: number[];
  credit: number[];
  /** The outbox puts, last: a message id already stored is the change stored before ('order'). */
  notices: number[];
}

const NO_ITEMS: ItemIndexes = {
  sequence: null,
  invoice: null,
  limits: [],
  consult: null,
  parcels: [],
  credit: [],
  notices: [],
};

function refusalOf(error: unknown, at: ItemIndexes): OrderWriteRefused | null {
  if (error instanceof ConditionalCheckFailedException) return orderRefusals.refuse('order');
  if (!(error instanceof TransactionCanceledException)) return null;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
  const failed = (index: number | null) => index !== null && codes[index] === 'ConditionalCheckFailed';
  if (failed(0)) return orderRefusals.refuse('order');
  if (failed(at.sequence)) return orderRefusals.refuse('sequence');
  if (failed(at.invoice)) return orderRefusals.refuse('invoice');
  if (at.limits.some(failed)) return orderRefusals.refuse('limit');
  if (failed(at.consult)) return orderRefusals.refuse('consult');
  if (at.parcels.some(failed)) return orderRefusals.refuse('parcel');
  if (at.credit.some(failed)) return orderRefusals.refuse('credit');
  if (at.notices.some(failed)) return orderRefusals.refuse('order');
  return orderRefusals.refuse('contention');
}

export type OrderWrites = Pick<OrdersRepository, 'write' | 'removeDraft' | 'keepParcelTracker'>;

const grantedCents = (change: CreditChange) =>
  change.entries.reduce((sum, e) => sum + (e.kind === 'grant' ? e.amountCents : 0), 0);

/**
 * The orders table's writes. `metrics` counts the credit a close grants (a missed ship guarantee), as the money
 * store counts every other grant (docs/decisions/0093-an-alarm-on-the-credit-granted-each-day.md).
 */
export function dynamoOrderWrites(table: () => string, counters: () => string, metrics: CreditMetrics): OrderWrites {
  return {
    async write({
      order,
      expectedVersion,
      counters: deltas = {},
      counterLimits = {},
      sequence,
      invoice,
      consult,
      parcels = [],
      credit,
      notices = [],
    }) {
      const condition =
        expectedVersion === null
          ? { ConditionExpression: 'attribute_not_exists(orderId)' }
          : {
              ConditionExpression: '#version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            };
      checkPlacedOrder(order);
      const put = { TableName: table(), Item: orderItem(order), ...condition };
      const counterEntries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
      if (
        !sequence &&
        !invoice &&
        !consult &&
        counterEntries.length === 0 &&
        parcels.length === 0 &&
        !credit &&
        notices.length === 0
      ) {
        try {
          await documentClient().send(new PutCommand(put));
        } catch (error) {
          throw refusalOf(error, NO_ITEMS) ?? error;
        }
        return;
      }
      const sequenceItem = sequence
        ? [
            {
              Update: {
                TableName: counters(),
                Key: { counter: counterNames.sequence },
                UpdateExpression: 'SET #value = :next',
                ConditionExpression:
                  sequence.expected === 0 ? 'attribute_not_exists(#value) OR #value = :expected' : '#value = :expected',
                ExpressionAttributeNames: { '#value': 'value' },
                ExpressionAttributeValues: { ':next': sequence.expected + 1, ':expected': sequence.expected },
              },
            },
          ]
        : [];
      // A ceiling is checked on the value before the ADD: at most `limit - delta` leaves room for the delta.
      const room = (counter: string, delta: number) =>
        counterLimits[counter] === undefined ? undefined : counterLimits[counter] - delta;
      if (counterEntries.some(([counter, delta]) => (room(counter, delta) ?? 0) < 0))
        throw orderRefusals.refuse('limit');
      const counterItems = counterEntries.map(([counter, delta]) => {
        const ceiling = room(counter, delta);
        return {
          Update: {
            TableName: counters(),
            Key: { counter },
            UpdateExpression: 'ADD #value :delta',
            ExpressionAttributeNames: { '#value': 'value' },
            ExpressionAttributeValues: { ':delta': delta, ...(ceiling === undefined ? {} : { ':room': ceiling }) },
            ...(ceiling === undefined
              ? {}
              : { ConditionExpression: 'attribute_not_exists(#value) OR #value <= :room' }),
          },
        };
      });
      const invoiceItem = invoice ? [invoicePut(invoice.invoice, invoice.expectedVersion)] : [];
      const firstCounter = 1 + sequenceItem.length + invoiceItem.length;
      const limitIndexes = counterEntries.flatMap(([counter], i) =>
        counterLimits[counter] === undefined ? [] : [firstCounter + i],
      );
      const consultItem = consult ? [consultOrderedUpdate(consult)] : [];
      const consultIndex = consult ? firstCounter + counterItems.length : null;
      // The parcel index: a number is this order's, or nobody's yet (a retried close writes it again).
      const parcelItems = parcels.map(({ parcelId, ...key }) => ({
        Put: {
          TableName: counters(),
          Item: { counter: counterNames.parcel(key), orderId: order.orderId, parcelId },
          ConditionExpression: 'attribute_not_exists(#counter) OR #orderId = :orderId',
          ExpressionAttributeNames: { '#counter': 'counter', '#orderId': 'orderId' },
          ExpressionAttributeValues: { ':orderId': order.orderId },
        },
      }));
      const firstParcel = firstCounter + counterItems.length + consultItem.length;
      const creditItems = credit ? creditChangeItems(credit).items : [];
      const firstCredit = firstParcel + parcelItems.length;
      const items = [
        { Put: put },
        ...sequenceItem,
        ...invoiceItem,
        ...counterItems,
        ...consultItem,
        ...parcelItems,
        ...creditItems,
      ];
      const firstNotice = items.length;
      items.push(...outboxPuts(notices));
      // A bug, not a refusal: no order change moves that many counters or sends that many notices.
      if (items.length > TRANSACTION_ITEMS_LIMIT)
        throw new Error(
          `Order ${order.orderId}: ${items.length} items exceed one transaction's ${TRANSACTION_ITEMS_LIMIT}.`,
        );
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
      } catch (error) {
        throw (
          refusalOf(error, {
            sequence: sequence ? 1 : null,
            invoice: invoice ? 1 + sequenceItem.length : null,
            limits: limitIndexes,
            consult: consultIndex,
            parcels: parcels.map((_, i) => firstParcel + i),
            credit: creditItems.map((_, i) => firstCredit + i),
            notices: notices.map((_, i) => firstNotice + i),
          }) ?? error
        );
      }
      if (credit) metrics.creditGranted(grantedCents(credit));
    },

    async removeDraft(orderId, expectedVersion) {
      try {
        await documentClient().send(
          new DeleteCommand({
            TableName: table(),
            Key: { orderId },
            ConditionExpression: '#status = :draft AND #version = :version',
            ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
            ExpressionAttributeValues: { ':draft': 'draft', ':version': expectedVersion },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async keepParcelTracker(key, { orderId, parcelId, trackerId }) {
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: counters(),
            Key: { counter: counterNames.parcel(key) },
            UpdateExpression: 'SET trackerId = if_not_exists(trackerId, :trackerId)',
            ConditionExpression: 'orderId = :orderId AND parcelId = :parcelId',
            ExpressionAttributeValues: { ':trackerId': trackerId, ':orderId': orderId, ':parcelId': parcelId },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
