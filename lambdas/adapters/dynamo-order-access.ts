import { GetCommand } from './aws/dynamo-document-client';
import { ORDER_STATUSES, type OrderStatus } from '../../core/rules/order-lifecycle';
import type { OrderAccess } from '../ports/order-access';
import { documentClient, requireTables, tableName } from './dynamo-client';

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

/** Reads only the attributes the attachment rules need, consistently (a just-saved draft is found). */
export function dynamoOrderAccess(): OrderAccess {
  requireTables('orders');
  return {
    async getOrderOwner(orderId) {
      const { Item } = await documentClient().send(
        new GetCommand({
          TableName: tableName('orders'),
          Key: { orderId },
          ProjectionExpression: 'accountNumber, #s, createdBy.userId',
          ExpressionAttributeNames: { '#s': 'status' },
          ConsistentRead: true,
        }),
      );
      const createdBy = Item?.['createdBy'] as { userId?: unknown } | undefined;
      if (!Item || typeof Item['accountNumber'] !== 'string' || !isStatus(Item['status'])) return null;
      if (typeof createdBy?.userId !== 'string') return null;
      return { accountNumber: Item['accountNumber'], status: Item['status'], createdByUserId: createdBy.userId };
    },
  };
}
