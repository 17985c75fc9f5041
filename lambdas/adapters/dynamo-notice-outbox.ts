import type { NoticeTopic } from '../kernel/outbox';
import { OutboxLeaseLost, type NoticeOutbox, type OutboxRecord } from '../ports/notice-outbox';
import {
  ConditionalCheckFailedException,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from './aws/dynamo-document-client';
import { documentClient, requireTables, tableName } from './dynamo-client';
import { outboxPuts } from './dynamo-outbox-items';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

const parse = (item: Record<string, unknown>): OutboxRecord => ({
  messageId: String(item.messageId),
  topic: item.topic as NoticeTopic,
  notice: (item.notice ?? {}) as Record<string, unknown>,
  createdAt: String(item.createdAt),
  state: item.state === 'pending' || item.state === 'dead' ? item.state : 'sent',
  dueAt: String(item.dueAt ?? item.createdAt),
  attempts: Number(item.attempts ?? 0),
  sentTo: Array.isArray(item.sentTo) ? item.sentTo.map(String) : [],
  leaseId: typeof item.leaseId === 'string' ? item.leaseId : undefined,
  leaseUntil: typeof item.leaseUntil === 'string' ? item.leaseUntil : undefined,
  lastError: typeof item.lastError === 'string' ? item.lastError : undefined,
  sentAt: typeof item.sentAt === 'string' ? item.sentAt : undefined,
});

const keyOf = (item: Record<string, unknown>) => ({ messageId: item.messageId, state: item.state, dueAt: item.dueAt });

/** The outbox table (core/data/tables.ts `outbox`): every change of a record is conditional on the lease. */
export function dynamoNoticeOutbox(): NoticeOutbox {
  requireTables('outbox');
  const table = () => tableName('outbox');

  const leased = async (messageId: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) throw new OutboxLeaseLost(messageId);
      throw error;
    }
  };

  return {
    async add(messages) {
      if (messages.length === 0) return;
      await documentClient().send(new TransactWriteCommand({ TransactItems: outboxPuts(messages) }));
    },

    async get(messageId) {
      const answer = await documentClient().send(
        new GetCommand({ TableName: table(), Key: { messageId }, ConsistentRead: true }),
      );
      return answer.Item ? parse(answer.Item) : null;
    },

    async due(now, limit) {
      const page = await queryPage({
        input: {
          TableName: table(),
          IndexName: 'byState',
          KeyConditionExpression: '#state = :pending AND dueAt <= :now',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':pending': 'pending', ':now': now },
        },
        parse,
        keyOf,
        limit,
      });
      return page.items;
    },

    async claim(messageId, lease) {
      try {
        const answer = await documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: { messageId },
            UpdateExpression: 'SET leaseId = :lease, leaseUntil = :until',
            ConditionExpression: '#state = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: {
              ':pending': 'pending',
              ':lease': lease.leaseId,
              ':until': lease.until,
              ':now': lease.now,
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return answer.Attributes ? parse(answer.Attributes) : null;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return null;
        throw error;
      }
    },

    async markSent(messageId, leaseId, recipient) {
      await leased(messageId, () =>
        documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: { messageId },
            UpdateExpression: 'SET sentTo = list_append(sentTo, :recipient)',
            ConditionExpression: 'leaseId = :lease',
            ExpressionAttributeValues: { ':recipient': [recipient], ':lease': leaseId },
          }),
        ),
      );
    },

    async settle(messageId, leaseId, outcome) {
      const names = { '#state': 'state' };
      const input =
        outcome.state === 'sent'
          ? {
              UpdateExpression: 'SET sentAt = :at, expiresAt = :expires REMOVE #state, leaseId, leaseUntil, dueAt',
              ExpressionAttributeValues: {
                ':at': outcome.at,
                ':expires': Math.floor(Date.parse(outcome.keepUntil) / 1000),
                ':lease': leaseId,
              },
            }
          : outcome.state === 'pending'
            ? {
                UpdateExpression:
                  'SET dueAt = :due, lastError = :error, attempts = attempts + :one REMOVE leaseId, leaseUntil',
                ExpressionAttributeValues: {
                  ':due': outcome.dueAt,
                  ':error': outcome.error,
                  ':one': 1,
                  ':lease': leaseId,
                },
              }
            : {
                UpdateExpression:
                  'SET #state = :dead, dueAt = :at, lastError = :error, attempts = attempts + :one REMOVE leaseId, leaseUntil',
                ExpressionAttributeValues: {
                  ':dead': 'dead',
                  ':at': outcome.at,
                  ':error': outcome.error,
                  ':one': 1,
                  ':lease': leaseId,
                },
              };
      await leased(messageId, () =>
        documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: { messageId },
            ConditionExpression: 'leaseId = :lease',
            ...(outcome.state === 'pending' ? {} : { ExpressionAttributeNames: names }),
            ...input,
          }),
        ),
      );
    },

    async listDead(limit, cursor) {
      return queryPage({
        input: {
          TableName: table(),
          IndexName: 'byState',
          KeyConditionExpression: '#state = :dead',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':dead': 'dead' },
        },
        parse,
        keyOf,
        limit,
        cursor,
        cursorSchema: pinnedCursorSchema(['messageId', 'state', 'dueAt'], { state: 'dead' }),
      });
    },

    async redrive(messageId, now) {
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: { messageId },
            UpdateExpression: 'SET #state = :pending, dueAt = :now, attempts = :zero',
            ConditionExpression: '#state = :dead',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':pending': 'pending', ':dead': 'dead', ':now': now, ':zero': 0 },
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
