import { lazySchema } from '../../core/schemas/lazy-schema';
import { GetCommand, QueryCommand } from './aws/dynamo-document-client';
import * as z from '../../core/zod';
import { accountRequestSchema } from '../../core/schemas/account-requests';
import { invalidArgument } from '../../core/errors';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../paging/page-cursor';
import type { AccountRequestsRepository } from '../ports/account-requests-repository';
import { writeConflict } from '../ports/write-conflict';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { writeWithNotices } from './dynamo-write-with-notices';

/** The byStatus index's last key (requestId, status, createdAt), checked before it reaches DynamoDB. */
const listCursorSchema = lazySchema(() =>
  z.strictObject({
    requestId: z.string().check(z.minLength(1), z.maxLength(64)),
    status: z.string().check(z.minLength(1), z.maxLength(16)),
    createdAt: z.string().check(z.minLength(1), z.maxLength(40)),
  }),
);

/**
 * The accountRequests table. The request id is the requester's user id, and the put is conditional, so
 * two submissions (two tabs, a double click, a retry) store one request.
 */
export function dynamoAccountRequestsRepository(): AccountRequestsRepository {
  requireTables('accountRequests');
  const get: AccountRequestsRepository['get'] = async (requestId) => {
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName('accountRequests'), Key: { requestId }, ConsistentRead: true }),
    );
    return Item ? accountRequestSchema.parse(Item) : null;
  };
  return {
    get,
    async createOpen(request, notices) {
      const created = await writeWithNotices(
        {
          Put: {
            TableName: tableName('accountRequests'),
            Item: request,
            ConditionExpression: 'attribute_not_exists(requestId) OR #status = :rejected',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':rejected': 'rejected' },
          },
        },
        notices,
      );
      if (created) return { created: true, request };
      const stored = await get(request.requestId);
      if (!stored) throw writeConflict('missing');
      return { created: false, request: stored };
    },
    async decide(requestId, decision, notices) {
      const decided = await writeWithNotices(
        {
          Update: {
            TableName: tableName('accountRequests'),
            Key: { requestId },
            UpdateExpression: `SET #status = :status, decidedAt = :at, decidedBy = :by, updatedAt = :at${
              decision.accountNumber ? ', accountNumber = :account' : ''
            }${decision.rejectionReason ? ', rejectionReason = :reason' : ''}`,
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':status': decision.status,
              ':pending': 'pending',
              ':at': decision.decidedAt,
              ':by': decision.decidedBy,
              ...(decision.accountNumber ? { ':account': decision.accountNumber } : {}),
              ...(decision.rejectionReason ? { ':reason': decision.rejectionReason } : {}),
            },
          },
        },
        notices,
      );
      // A transaction answers no item, so the decided request is read back.
      const stored = await get(requestId);
      if (!decided) throw writeConflict(stored ? 'changed' : 'missing');
      if (!stored) throw writeConflict('missing');
      return stored;
    },
    async listByStatus(status, { limit, cursor }) {
      const start = cursor ? decodeCursor(cursor, listCursorSchema) : undefined;
      if (start && start.status !== status) throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
      const answer = await documentClient().send(
        new QueryCommand({
          TableName: tableName('accountRequests'),
          IndexName: 'byStatus',
          KeyConditionExpression: '#status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
          ScanIndexForward: true, // oldest first
          Limit: limit,
          ExclusiveStartKey: start,
        }),
      );
      return {
        items: (answer.Items ?? []).map((item) => accountRequestSchema.parse(item)),
        nextCursor: answer.LastEvaluatedKey ? encodeCursor(answer.LastEvaluatedKey) : null,
      };
    },
  };
}
