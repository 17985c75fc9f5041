import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ACTIVITY_STATUSES, userActivitySchema, type UserActivity } from '../../core/schemas/user-activity';
import type { ActiveUsers } from '../ports/active-users';
import { documentClient, tableName } from './dynamo-client';

/**
 * One Query per reported activity status on `byStatus` (status, lastActivity): a user's record sits under the
 * status it last reported, and whatever that status, a recent lastActivity means they are using the portal.
 */
export function dynamoActiveUsers(): ActiveUsers {
  return {
    async since(sinceMs, limit) {
      const pages = await Promise.all(
        ACTIVITY_STATUSES.map((status) =>
          documentClient().send(
            new QueryCommand({
              TableName: tableName('userActivity'),
              IndexName: 'byStatus',
              KeyConditionExpression: '#status = :status AND #last >= :since',
              ExpressionAttributeNames: { '#status': 'status', '#last': 'lastActivity' },
              ExpressionAttributeValues: { ':status': status, ':since': sinceMs },
              ScanIndexForward: false,
              Limit: limit,
            }),
          ),
        ),
      );
      const records: UserActivity[] = pages.flatMap((p) =>
        (p.Items ?? []).flatMap((item) => {
          const parsed = userActivitySchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
      );
      return records.sort((a, b) => b.lastActivity - a.lastActivity).slice(0, limit);
    },
  };
}
