import { GetCommand } from './aws/dynamo-document-client';
import {
  cachedSessionFacts,
  type ActivityFacts,
  type CachedSessionFacts,
  type SessionFactsSource,
} from '../auth/session-rules';
import { documentClient, tableName } from './dynamo-client';

const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The session rules' two reads, each one consistent GetItem of only the attributes a rule needs: the
 * userActivity record's times and status, the users record's `termsAccepted`. Read leniently (a record
 * missing a field counts as no activity, not as a 500 on every route).
 */
export function dynamoSessionFacts(): SessionFactsSource {
  return {
    async activity(userId) {
      const { Item } = await documentClient().send(
        new GetCommand({
          TableName: tableName('userActivity'),
          Key: { userId },
          ConsistentRead: true,
          ProjectionExpression: 'lastActivity, lastSync, #status',
          ExpressionAttributeNames: { '#status': 'status' },
        }),
      );
      if (!Item) return null;
      const status: ActivityFacts['status'] = Item['status'] === 'active' ? 'active' : 'idle';
      return { lastActivity: finite(Item['lastActivity']), lastSync: finite(Item['lastSync']), status };
    },
    async termsAccepted(userId) {
      const { Item } = await documentClient().send(
        new GetCommand({
          TableName: tableName('users'),
          Key: { userId },
          ConsistentRead: true,
          ProjectionExpression: 'termsAccepted',
        }),
      );
      return Item?.['termsAccepted'] === true;
    },
  };
}

let shared: CachedSessionFacts | undefined;
/** One cached source per Lambda container (per process locally), read by the handler wrapper. */
export function sharedSessionFacts(): CachedSessionFacts {
  shared ??= cachedSessionFacts(dynamoSessionFacts());
  return shared;
}
