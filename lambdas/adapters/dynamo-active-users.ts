import { QueryCommand } from './aws/dynamo-document-client';
import { OPEN_SESSION_STATUSES } from '../../core/rules/activity-status';
import { userActivitySchema, type UserActivity } from '../../core/schemas/activity';
import type { ActiveUsers } from '../ports/active-users';
import { documentClient, requireTables, tableName } from './dynamo-client';

/**
 * One Query per open-session status on `byStatus` (status, lastActivity): a user's record sits under the
 * status it last reported. 'inactive' is not asked for: the browser writes it when the session ends, so a
 * signed-out user leaves the list at once.
 */
export function dynamoActiveUsers(): ActiveUsers {
  requireTables('userActivity');
  return {
    async since(sinceMs, limit) {
      const pages = await Promise.all(
        OPEN_SESSION_STATUSES.map((status) =>
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
