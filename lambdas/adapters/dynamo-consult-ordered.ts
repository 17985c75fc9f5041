import { tableName } from './dynamo-client';

/**
 * "Order this": the update that marks a consult ordered, for the order's own submit transaction. Only a consult
 * of the order's account that is answered (or ordered before: a second pair) passes. `firstOrderedAt` (not part
 * of the schema) keeps `statusAt` at the first order when a consult is ordered again; the consult is never
 * rewritten whole once ordered (replies and links are refused then), so the attribute stays. Apart from
 * dynamo-consult-store.ts so the orders functions do not load the consult schemas.
 */
export function consultOrderedUpdate(consult: {
  consultId: string;
  accountNumber: string;
  orderId: string;
  at: string;
}) {
  return {
    Update: {
      TableName: tableName('consults'),
      Key: { consultId: consult.consultId },
      UpdateExpression:
        'SET #status = :ordered, #statusAt = if_not_exists(#first, :at), #first = if_not_exists(#first, :at), ' +
        '#orderIds = list_append(if_not_exists(#orderIds, :none), :order), #updatedAt = :at, #version = #version + :one',
      ConditionExpression: '#account = :account AND #status IN (:answered, :ordered)',
      ExpressionAttributeNames: {
        '#status': 'status',
        '#statusAt': 'statusAt',
        '#first': 'firstOrderedAt',
        '#orderIds': 'orderIds',
        '#updatedAt': 'updatedAt',
        '#version': 'version',
        '#account': 'accountNumber',
      },
      ExpressionAttributeValues: {
        ':ordered': 'ordered',
        ':answered': 'answered',
        ':at': consult.at,
        ':none': [],
        ':order': [consult.orderId],
        ':one': 1,
        ':account': consult.accountNumber,
      },
    },
  };
}
