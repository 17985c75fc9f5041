import { BatchGetCommand } from './aws/dynamo-document-client';
import type { TableName } from '../../core/data/tables';
import { documentClient, tableName } from './dynamo-client';

/** DynamoDB takes at most 100 keys per BatchGetItem. */
const BATCH = 100;
const MAX_ROUNDS = 8;

/**
 * Reads many items by key: deduplicated keys, batches of 100, unprocessed keys retried with a short
 * back-off. Missing items are simply absent from the answer.
 */
export async function batchGetItems(
  table: TableName,
  keys: Record<string, string>[],
  projection?: string[],
): Promise<Record<string, unknown>[]> {
  const unique = [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()];
  const name = tableName(table);
  const out: Record<string, unknown>[] = [];
  for (let start = 0; start < unique.length; start += BATCH) {
    let pending: Record<string, unknown>[] = unique.slice(start, start + BATCH);
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS)
        throw new Error(`BatchGet on ${table}: keys still unprocessed after ${MAX_ROUNDS} rounds`);
      if (round > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** round));
      const answer = await documentClient().send(
        new BatchGetCommand({
          RequestItems: {
            [name]: {
              Keys: pending,
              ...(projection
                ? {
                    ProjectionExpression: projection.map((_, i) => `#p${i}`).join(', '),
                    ExpressionAttributeNames: Object.fromEntries(projection.map((p, i) => [`#p${i}`, p])),
                  }
                : {}),
            },
          },
        }),
      );
      out.push(...(answer.Responses?.[name] ?? []));
      pending = (answer.UnprocessedKeys?.[name]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return out;
}
