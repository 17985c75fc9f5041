import type { WebhookEventType } from '../../core/rules/webhook-terms';
import {
  webhookRefusals,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookSecret,
  type WebhookStore,
} from '../ports/webhook-store';
import {
  ConditionalCheckFailedException,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from './aws/dynamo-document-client';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

const ENDPOINTS = 'endpoint';
const deliveriesOf = (endpointId: string) => `deliveries#${endpointId}`;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const parseEndpoint = (item: Record<string, unknown>): WebhookEndpoint => ({
  endpointId: String(item.endpointId),
  url: String(item.url),
  description: String(item.description ?? ''),
  events: (Array.isArray(item.events) ? item.events : []) as WebhookEventType[],
  enabled: item.enabled !== false,
  secrets: (Array.isArray(item.secrets) ? item.secrets : []) as WebhookSecret[],
  createdAt: String(item.createdAt),
  updatedAt: String(item.updatedAt),
  version: Number(item.version ?? 0),
});

const parseDelivery = (item: Record<string, unknown>): WebhookDelivery => ({
  endpointId: String(item.endpointId),
  deliveryId: String(item.deliveryId),
  eventId: String(item.eventId),
  eventType: item.eventType as WebhookEventType,
  eventCreatedAt: String(item.eventCreatedAt),
  body: String(item.body),
  state: item.state === 'delivered' || item.state === 'failed' ? item.state : 'pending',
  attempts: Number(item.attempts ?? 0),
  dueAt: str(item.dueAt),
  lastAttemptAt: str(item.lastAttemptAt),
  lastStatus: typeof item.lastStatus === 'number' ? item.lastStatus : undefined,
  lastError: str(item.lastError),
  deliveredAt: str(item.deliveredAt),
  leaseId: str(item.leaseId),
  leaseUntil: str(item.leaseUntil),
});

/** The webhooks table (core/data/tables.ts `webhooks`): endpoints on their version, deliveries on their lease. */
export function dynamoWebhookStore(): WebhookStore {
  requireTables('webhooks');
  const table = () => tableName('webhooks');

  const conditional = async <T>(run: () => Promise<T>, refusal: () => Error): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw refusal();
      throw error;
    }
  };

  const getEndpoint = async (endpointId: string) => {
    const answer = await documentClient().send(
      new GetCommand({ TableName: table(), Key: { pk: ENDPOINTS, sk: endpointId }, ConsistentRead: true }),
    );
    return answer.Item ? parseEndpoint(answer.Item) : null;
  };

  return {
    async listEndpoints() {
      const endpoints: WebhookEndpoint[] = [];
      let cursor: string | undefined;
      do {
        const page = await queryPage({
          input: {
            TableName: table(),
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': ENDPOINTS },
            ConsistentRead: true,
          },
          parse: parseEndpoint,
          keyOf: (item) => ({ pk: item.pk, sk: item.sk }),
          limit: 100,
          cursor,
        });
        endpoints.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return endpoints.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    getEndpoint,

    async putEndpoint(endpoint, expectedVersion) {
      await conditional(
        () =>
          documentClient().send(
            new PutCommand({
              TableName: table(),
              Item: { pk: ENDPOINTS, sk: endpoint.endpointId, ...endpoint },
              ...(expectedVersion === null
                ? { ConditionExpression: 'attribute_not_exists(pk)' }
                : {
                    ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
                    ExpressionAttributeNames: { '#version': 'version' },
                    ExpressionAttributeValues: { ':expected': expectedVersion },
                  }),
            }),
          ),
        () => webhookRefusals.refuse(expectedVersion === null ? 'exists' : 'changed', endpoint.endpointId),
      );
    },

    async deleteEndpoint(endpointId, expectedVersion) {
      await conditional(
        () =>
          documentClient().send(
            new DeleteCommand({
              TableName: table(),
              Key: { pk: ENDPOINTS, sk: endpointId },
              ConditionExpression: 'attribute_exists(pk) AND #version = :expected',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':expected': expectedVersion },
            }),
          ),
        () => webhookRefusals.refuse('changed', endpointId),
      );
    },

    async addDelivery(delivery) {
      try {
        await documentClient().send(
          new PutCommand({
            TableName: table(),
            Item: {
              pk: deliveriesOf(delivery.endpointId),
              sk: delivery.deliveryId,
              ...delivery,
              dueState: 'pending',
              dueAt: delivery.dueAt ?? delivery.eventCreatedAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },

    async getDelivery(endpointId, deliveryId) {
      const answer = await documentClient().send(
        new GetCommand({
          TableName: table(),
          Key: { pk: deliveriesOf(endpointId), sk: deliveryId },
          ConsistentRead: true,
        }),
      );
      return answer.Item ? parseDelivery(answer.Item) : null;
    },

    async listDeliveries(endpointId, limit, cursor) {
      const pk = deliveriesOf(endpointId);
      return queryPage({
        input: {
          TableName: table(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
        },
        parse: parseDelivery,
        keyOf: (item) => ({ pk: item.pk, sk: item.sk }),
        limit,
        cursor,
        cursorSchema: pinnedCursorSchema(['pk', 'sk'], { pk }),
      });
    },

    async due(now, limit) {
      const page = await queryPage({
        input: {
          TableName: table(),
          IndexName: 'byDue',
          KeyConditionExpression: 'dueState = :pending AND dueAt <= :now',
          ExpressionAttributeValues: { ':pending': 'pending', ':now': now },
        },
        parse: parseDelivery,
        keyOf: (item) => ({ pk: item.pk, sk: item.sk, dueState: item.dueState, dueAt: item.dueAt }),
        limit,
      });
      return page.items;
    },

    async claim(endpointId, deliveryId, lease) {
      try {
        const answer = await documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: { pk: deliveriesOf(endpointId), sk: deliveryId },
            UpdateExpression: 'SET leaseId = :lease, leaseUntil = :until',
            ConditionExpression: `attribute_exists(pk) AND ${
              lease.manual ? '' : 'dueState = :pending AND '
            }(attribute_not_exists(leaseUntil) OR leaseUntil < :now)`,
            ExpressionAttributeValues: {
              ':lease': lease.leaseId,
              ':until': lease.until,
              ':now': lease.now,
              ...(lease.manual ? {} : { ':pending': 'pending' }),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return answer.Attributes ? parseDelivery(answer.Attributes) : null;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    async settle(endpointId, deliveryId, leaseId, outcome) {
      const set = ['#state = :state', 'attempts = attempts + :one', 'lastAttemptAt = :at'];
      const remove = ['leaseId', 'leaseUntil'];
      const values: Record<string, unknown> = {
        ':state': outcome.state,
        ':one': 1,
        ':at': outcome.at,
        ':lease': leaseId,
      };
      if (outcome.status !== undefined) {
        set.push('lastStatus = :status');
        values[':status'] = outcome.status;
      } else remove.push('lastStatus');
      if (outcome.error !== undefined) {
        set.push('lastError = :error');
        values[':error'] = outcome.error;
      } else remove.push('lastError');
      if (outcome.state === 'pending') {
        set.push('dueState = :pending', 'dueAt = :due');
        values[':pending'] = 'pending';
        values[':due'] = outcome.dueAt;
        remove.push('expiresAt');
      } else {
        remove.push('dueState', 'dueAt');
        set.push('expiresAt = :expires');
        values[':expires'] = Math.floor(Date.parse(outcome.keepUntil) / 1000);
        if (outcome.state === 'delivered') {
          set.push('deliveredAt = :at');
        }
      }
      const answer = await conditional(
        () =>
          documentClient().send(
            new UpdateCommand({
              TableName: table(),
              Key: { pk: deliveriesOf(endpointId), sk: deliveryId },
              UpdateExpression: `SET ${set.join(', ')} REMOVE ${remove.join(', ')}`,
              ConditionExpression: 'leaseId = :lease',
              ExpressionAttributeNames: { '#state': 'state' },
              ExpressionAttributeValues: values,
              ReturnValues: 'ALL_NEW',
            }),
          ),
        () => webhookRefusals.refuse('lease', deliveryId),
      );
      return parseDelivery(answer.Attributes ?? {});
    },
  };
}
