import {
  ConditionalCheckFailedException,
  DeleteCommand,
  PutCommand,
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
import { invoicePut } from './dynamo-money-items';
import { documentClient } from './dynamo-client';

/** The orders table's writes: the conditional put with the counters, sequence, invoice and consult it moves. */

/** The stored item: the order plus the folded text its lists search in. */
export function orderItem(order: Order): Record<string, unknown> {
  return { ...order, searchText: orderSearchText(order) };
}

function refusalOf(
  error: unknown,
  sequenceIndex: number | null,
  invoiceIndex: number | null = null,
  limitIndexes: number[] = [],
  consultIndex: number | null = null,
): OrderWriteRefused | null {
  if (error instanceof ConditionalCheckFailedException) return orderRefusals.refuse('order');
  if (!(error instanceof TransactionCanceledException)) return null;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
  if (codes[0] === 'ConditionalCheckFailed') return orderRefusals.refuse('order');
  if (sequenceIndex !== null && codes[sequenceIndex] === 'ConditionalCheckFailed')
    return orderRefusals.refuse('sequence');
  if (invoiceIndex !== null && codes[invoiceIndex] === 'ConditionalCheckFailed') return orderRefusals.refuse('invoice');
  if (limitIndexes.some((i) => codes[i] === 'ConditionalCheckFailed')) return orderRefusals.refuse('limit');
  if (consultIndex !== null && codes[consultIndex] === 'ConditionalCheckFailed') return orderRefusals.refuse('consult');
  return orderRefusals.refuse('contention');
}

export type OrderWrites = Pick<OrdersRepository, 'write' | 'removeDraft'>;

export function dynamoOrderWrites(table: () => string, counters: () => string): OrderWrites {
  return {
    async write({ order, expectedVersion, counters: deltas = {}, counterLimits = {}, sequence, invoice, consult }) {
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
      if (!sequence && !invoice && !consult && counterEntries.length === 0) {
        try {
          await documentClient().send(new PutCommand(put));
        } catch (error) {
          throw refusalOf(error, null) ?? error;
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
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [{ Put: put }, ...sequenceItem, ...invoiceItem, ...counterItems, ...consultItem],
          }),
        );
      } catch (error) {
        throw (
          refusalOf(error, sequence ? 1 : null, invoice ? 1 + sequenceItem.length : null, limitIndexes, consultIndex) ??
          error
        );
      }
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
  };
}
