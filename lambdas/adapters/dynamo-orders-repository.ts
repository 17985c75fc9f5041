import type { OrdersRepository } from '../ports/orders-repository';
import { requireTables, tableName } from './dynamo-client';
import { dynamoOrderReads } from './dynamo-order-reads';
import { dynamoOrderWrites } from './dynamo-order-writes';
import { emfCreditMetrics, type CreditMetrics } from './emf-credit-metrics';

/** DynamoDB adapter of the OrdersRepository port: its reads and its writes, over the orders and counters tables. */
export function dynamoOrdersRepository(options: { metrics?: CreditMetrics } = {}): OrdersRepository {
  requireTables('orders');
  const table = () => tableName('orders');
  const counters = () => tableName('counters');
  const metrics = options.metrics ?? emfCreditMetrics();
  return { ...dynamoOrderReads(table, counters), ...dynamoOrderWrites(table, counters, metrics) };
}
