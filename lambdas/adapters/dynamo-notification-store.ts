import * as z from '../../core/zod';
import { NOTIFICATION_LIMITS, type NotificationChoices, type NotificationItem } from '../../core/schemas/notifications';
import type { OutboxMessage } from '../kernel/outbox';
import {
  notificationRefusals,
  raisedAtOfId,
  type NotificationStore,
  type SavedChoices,
} from '../ports/notification-store';
import {
  ConditionalCheckFailedException,
  GetCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from './aws/dynamo-document-client';
import { batchGetItems } from './dynamo-batch-get';
import { documentClient, requireTables, tableName } from './dynamo-client';
import type { TransactItem } from './dynamo-money-items';
import { outboxPuts } from './dynamo-outbox-items';
import { pinnedCursorSchema, queryPage } from './dynamo-query-page';

/** Sort keys of a user's partition: items, the one meta item, the digest marks. */
const ITEM_PREFIX = 'n#';
const META = 'meta';
const itemSk = (createdAt: string, id: string) => `${ITEM_PREFIX}${createdAt}#${id}`;
const digestMarkSk = (day: string) => `digest#${day}`;
/** Read-mark transactions: DynamoDB takes 100 items per transaction, and each holds the meta item too. */
const MARK_CHUNK = 50;
const DAY_S = 86_400;
const DIGEST_MARK_KEEP_DAYS = 30;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const itemSkSchema = () =>
  z.string().check(z.maxLength(200), z.regex(new RegExp(`^${ITEM_PREFIX}`), 'Not a valid page cursor'));

interface Meta {
  unread: number;
  readUpTo: string | null;
  choices: NotificationChoices;
  version: number;
}

const metaOf = (row: Record<string, unknown> | undefined): Meta => ({
  unread: Math.max(0, Number(row?.unread ?? 0)),
  readUpTo: typeof row?.readUpTo === 'string' ? row.readUpTo : null,
  choices: (row?.choices ?? {}) as NotificationChoices,
  version: Number(row?.version ?? 0),
});

/** An item as the inbox shows it: raised up to the user's "mark all read", it reads as read then. */
function itemOf(row: Record<string, unknown>, readUpTo: string | null): NotificationItem {
  const createdAt = String(row.createdAt);
  const readAt =
    typeof row.readAt === 'string' ? row.readAt : readUpTo !== null && createdAt <= readUpTo ? readUpTo : null;
  return {
    id: String(row.id),
    eventId: row.eventId as NotificationItem['eventId'],
    title: String(row.title),
    body: String(row.body),
    link: String(row.link),
    createdAt,
    readAt,
    ...(typeof row.accountNumber === 'string' ? { accountNumber: row.accountNumber } : {}),
  };
}

const isUnread = (row: Record<string, unknown>, readUpTo: string | null) => itemOf(row, readUpTo).readAt === null;

const cancelledBy = (error: unknown, index: number) =>
  error instanceof TransactionCanceledException &&
  error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

/**
 * Another write changed what this one read (an item arrived or was read meanwhile) or held one of its items
 * (two deliveries to one user at once): refused `raced`, so the use case tries again (retryOnRefusal).
 */
const raced = (error: unknown) =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).some(
    (r) => r.Code === 'TransactionConflict' || r.Code === 'ConditionalCheckFailed',
  );

/** The notifications table (core/data/tables.ts `notifications`). */
export function dynamoNotificationStore(): NotificationStore {
  requireTables('notifications');
  const table = () => tableName('notifications');
  const metaKey = (userId: string) => ({ userId, sk: META });

  const readMeta = async (userId: string, consistent = true): Promise<Meta> => {
    const answer = await documentClient().send(
      new GetCommand({ TableName: table(), Key: metaKey(userId), ConsistentRead: consistent }),
    );
    return metaOf(answer.Item);
  };

  const transact = async (items: TransactItem[]) => {
    try {
      await documentClient().send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      throw raced(error) ? notificationRefusals.refuse('raced') : error;
    }
  };

  /** Marks up to MARK_CHUNK items read and lowers the count by as many in one transaction; the count after. */
  const markChunk = async (userId: string, ids: readonly string[], at: string): Promise<number> => {
    const keys = ids.flatMap((id) => {
      const raisedAt = raisedAtOfId(id);
      return raisedAt ? [{ userId, sk: itemSk(raisedAt, id) }] : [];
    });
    const meta = await readMeta(userId);
    const rows = keys.length ? await batchGetItems('notifications', keys) : [];
    const unread = rows.filter((row) => isUnread(row, meta.readUpTo));
    if (unread.length === 0) return meta.unread;
    const next = Math.max(0, meta.unread - unread.length);
    const items: TransactItem[] = [
      ...unread.map((row): TransactItem => ({
        Update: {
          TableName: table(),
          Key: { userId, sk: row.sk },
          UpdateExpression: 'SET readAt = :at',
          ConditionExpression: 'attribute_exists(sk) AND attribute_not_exists(readAt)',
          ExpressionAttributeValues: { ':at': at },
        },
      })),
      {
        Update: {
          TableName: table(),
          Key: metaKey(userId),
          UpdateExpression: 'SET #unread = :next',
          ConditionExpression: 'attribute_not_exists(#unread) OR #unread = :seen',
          ExpressionAttributeNames: { '#unread': 'unread' },
          ExpressionAttributeValues: { ':next': next, ':seen': meta.unread },
        },
      },
    ];
    await transact(items);
    return next;
  };

  return {
    async add({ userId, item, digestDay }) {
      const sk = itemSk(item.createdAt, item.id);
      const { readAt: _unread, ...fields } = item;
      const row = {
        userId,
        sk,
        ...fields,
        expiresAt: epochSeconds(item.createdAt) + NOTIFICATION_LIMITS.keepDays * DAY_S,
        ...(digestDay ? { digestDay, digestKey: `${userId}#${sk}` } : {}),
      };
      const put: TransactItem = {
        Put: { TableName: table(), Item: row, ConditionExpression: 'attribute_not_exists(sk)' },
      };
      const count: TransactItem = {
        Update: {
          TableName: table(),
          Key: metaKey(userId),
          UpdateExpression: 'SET #unread = if_not_exists(#unread, :zero) + :one',
          // Raised before the user's last "mark all read": it is read already, so it is not counted.
          ConditionExpression: 'attribute_not_exists(readUpTo) OR readUpTo < :createdAt',
          ExpressionAttributeNames: { '#unread': 'unread' },
          ExpressionAttributeValues: { ':zero': 0, ':one': 1, ':createdAt': item.createdAt },
        },
      };
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: [put, count] }));
        return true;
      } catch (error) {
        if (cancelledBy(error, 0)) return false;
        if (!cancelledBy(error, 1)) throw raced(error) ? notificationRefusals.refuse('raced') : error;
      }
      try {
        await documentClient().send(new TransactWriteCommand({ TransactItems: [put] }));
        return true;
      } catch (error) {
        if (cancelledBy(error, 0)) return false;
        throw error;
      }
    },

    async list(userId, { limit, cursor }) {
      const meta = await readMeta(userId);
      const page = await queryPage({
        input: {
          TableName: table(),
          KeyConditionExpression: 'userId = :user AND begins_with(sk, :items)',
          ExpressionAttributeValues: { ':user': userId, ':items': ITEM_PREFIX },
          ScanIndexForward: false,
        },
        parse: (row) => itemOf(row, meta.readUpTo),
        keyOf: (row) => ({ userId: row.userId, sk: row.sk }),
        limit,
        cursor,
        cursorSchema: pinnedCursorSchema(['userId', 'sk'], { userId, sk: itemSkSchema() }),
      });
      return { ...page, unread: meta.unread };
    },

    async unread(userId) {
      const answer = await documentClient().send(
        new GetCommand({
          TableName: table(),
          Key: metaKey(userId),
          ProjectionExpression: '#unread',
          ExpressionAttributeNames: { '#unread': 'unread' },
        }),
      );
      return metaOf(answer.Item).unread;
    },

    async markRead(userId, ids, at) {
      let unread: number | undefined;
      for (let i = 0; i < ids.length; i += MARK_CHUNK)
        unread = await markChunk(userId, ids.slice(i, i + MARK_CHUNK), at);
      return unread ?? (await readMeta(userId)).unread;
    },

    async markAllRead(userId, at) {
      try {
        await documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: metaKey(userId),
            UpdateExpression: 'SET readUpTo = :at, #unread = :zero',
            ConditionExpression: 'attribute_not_exists(readUpTo) OR readUpTo < :at',
            ExpressionAttributeNames: { '#unread': 'unread' },
            ExpressionAttributeValues: { ':at': at, ':zero': 0 },
          }),
        );
        return 0;
      } catch (error) {
        // A later "mark all read" (another tab) is stored already: nothing to do.
        if (error instanceof ConditionalCheckFailedException) return (await readMeta(userId)).unread;
        throw error;
      }
    },

    async choices(userId): Promise<SavedChoices> {
      const { choices, version, readUpTo } = await readMeta(userId);
      return { choices, version, readUpTo };
    },

    async choicesOf(userIds) {
      const rows = await batchGetItems(
        'notifications',
        userIds.map((userId) => metaKey(userId)),
        ['userId', 'choices'],
      );
      return new Map(rows.filter((row) => row.choices).map((row) => [String(row.userId), metaOf(row).choices]));
    },

    async saveChoices(userId, choices, expectedVersion) {
      try {
        const answer = await documentClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: metaKey(userId),
            UpdateExpression: 'SET choices = :choices, #version = :next',
            ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(#version)' : '#version = :expected',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: {
              ':choices': choices,
              ':next': expectedVersion + 1,
              ...(expectedVersion === 0 ? {} : { ':expected': expectedVersion }),
            },
            ReturnValues: 'ALL_NEW',
          }),
        );
        const meta = metaOf(answer.Attributes);
        return { choices: meta.choices, version: meta.version, readUpTo: meta.readUpTo };
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) throw notificationRefusals.refuse('changed');
        throw error;
      }
    },

    async digestItems(day, { limit, cursor }) {
      return queryPage({
        input: {
          TableName: table(),
          IndexName: 'byDigest',
          KeyConditionExpression: 'digestDay = :day',
          ExpressionAttributeValues: { ':day': day },
        },
        parse: (row) => ({ userId: String(row.userId), item: itemOf(row, null) }),
        keyOf: (row) => ({ userId: row.userId, sk: row.sk, digestDay: row.digestDay, digestKey: row.digestKey }),
        limit,
        cursor,
        cursorSchema: pinnedCursorSchema(['userId', 'sk', 'digestDay', 'digestKey'], { digestDay: day }),
      });
    },

    async markDigestSent(userId, day, sentAt, messages: readonly OutboxMessage[]) {
      try {
        await documentClient().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: table(),
                  Item: {
                    userId,
                    sk: digestMarkSk(day),
                    sentAt,
                    expiresAt: epochSeconds(sentAt) + DIGEST_MARK_KEEP_DAYS * DAY_S,
                  },
                  ConditionExpression: 'attribute_not_exists(sk)',
                },
              },
              ...outboxPuts(messages),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (cancelledBy(error, 0)) return false;
        throw error;
      }
    },
  };
}
