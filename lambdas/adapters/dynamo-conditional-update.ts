import { ConditionalCheckFailedException, GetCommand, UpdateCommand } from './aws/dynamo-document-client';
import type { TableName } from '../../core/data/tables';
import { writeConflict } from '../ports/write-conflict';
import { documentClient, tableName } from './dynamo-client';

export interface UpdateRequest {
  table: TableName;
  key: Record<string, string>;
  set: Record<string, unknown>;
  remove: string[];
  expectedVersion: number;
  now: string;
}

/**
 * One optimistic-locking update: SET/REMOVE the given attributes, count `version` up and stamp
 * `updatedAt`, only when the stored version is the expected one. A refusal is told apart (missing record
 * or changed one) with a consistent read, so the use case can answer 404 or 409.
 */
export async function conditionalUpdate(request: UpdateRequest): Promise<Record<string, unknown>> {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {
    ':expected': request.expectedVersion,
    ':zero': 0,
    ':one': 1,
    ':now': request.now,
  };
  const sets = ['#version = if_not_exists(#version, :zero) + :one', '#updatedAt = :now'];
  Object.entries(request.set).forEach(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
  });
  const removes = request.remove.map((field, i) => {
    names[`#r${i}`] = field;
    return `#r${i}`;
  });
  const keyName = Object.keys(request.key)[0]!;
  names['#key'] = keyName;
  try {
    const { Attributes } = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(request.table),
        Key: request.key,
        UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
        // Records written before versions existed count as version 0.
        ConditionExpression:
          request.expectedVersion === 0
            ? 'attribute_exists(#key) AND (#version = :expected OR attribute_not_exists(#version))'
            : 'attribute_exists(#key) AND #version = :expected',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ?? {};
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const { Item } = await documentClient().send(
      new GetCommand({ TableName: tableName(request.table), Key: request.key, ConsistentRead: true }),
    );
    throw writeConflict(Item ? 'changed' : 'missing');
  }
}
