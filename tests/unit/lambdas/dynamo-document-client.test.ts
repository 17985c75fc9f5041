import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as lib from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AwsServiceError } from '../../../lambdas/adapters/aws/aws-errors';
import {
  BatchGetCommand,
  ConditionalCheckFailedException,
  DeleteCommand,
  DynamoDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteCommand,
  UpdateCommand,
} from '../../../lambdas/adapters/aws/dynamo-document-client';
import { classifyServiceFailure, VALUE_REFUSED_MESSAGES } from '../../../lambdas/http/service-failures';
import { stubAwsEnv } from '../../support/fake-aws-service';

/**
 * The Lambdas' DynamoDB document client (lambdas/adapters/aws/dynamo-document-client.ts) against a local HTTP
 * server, side by side with the SDK's lib-dynamodb client on the same server: the same request bodies, the same
 * answers, the same errors. The adapters' behaviour against DynamoDB Local is the integration suites' part.
 */

interface Seen {
  target: string;
  body: Record<string, unknown>;
}

let server: Server | undefined;
let endpoint = '';
/** A DynamoDB stand-in answering the n-th request with `replies[n]` (the last one repeats). */
async function fakeDynamo(...replies: Array<(res: ServerResponse) => void>): Promise<Seen[]> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
      seen.push({ target: String(req.headers['x-amz-target']), body });
      replies[Math.min(seen.length - 1, replies.length - 1)]!(res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', endpoint);
  return seen;
}

const json = (status: number, body: unknown) => (res: ServerResponse) =>
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
const refusal = (type: string, fields: Record<string, unknown>) =>
  json(400, { __type: `com.amazonaws.dynamodb.v20120810#${type}`, ...fields });

beforeEach(() => {
  stubAwsEnv({}, 'us-east-1');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

const ours = new DynamoDocumentClient();
const sdk = () =>
  lib.DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test' },
      maxAttempts: 1,
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );

/** Every kind of attribute value, as the adapters hand it over (an undefined value is left out). */
const ITEM = {
  id: 'o-1',
  count: 42,
  price: 12.5,
  paid: true,
  note: null,
  gone: undefined,
  tags: new Set(['a', 'b']),
  sizes: new Set([1, 2]),
  lines: [{ sku: 'x', qty: 2 }, 'free text', [true]],
  address: { city: 'Austin', empty: {} },
  scan: new Uint8Array([1, 2, 3]),
};
/** The same item as DynamoDB's JSON carries it. */
const WIRE_ITEM = {
  id: { S: 'o-1' },
  count: { N: '42' },
  price: { N: '12.5' },
  paid: { BOOL: true },
  note: { NULL: true },
  tags: { SS: ['a', 'b'] },
  sizes: { NS: ['1', '2'] },
  lines: {
    L: [{ M: { sku: { S: 'x' }, qty: { N: '2' } } }, { S: 'free text' }, { L: [{ BOOL: true }] }],
  },
  address: { M: { city: { S: 'Austin' }, empty: { M: {} } } },
  scan: { B: 'AQID' },
};
const { gone: _gone, ...STORED_ITEM } = ITEM;
const KEY = { pk: 'practice#A-1', sk: '2025-01-01#o-1' };
const WIRE_KEY = { pk: { S: 'practice#A-1' }, sk: { S: '2025-01-01#o-1' } };

/** One command as the adapters build it, in the new client's classes and in lib-dynamodb's. */
interface Case {
  operation: string;
  ours: () => { input: unknown };
  sdk: () => unknown;
  reply: Record<string, unknown>;
  answer: Record<string, unknown>;
}

const put = { TableName: 'orders', Item: ITEM, ConditionExpression: 'attribute_not_exists(id)' };
const update = {
  TableName: 'orders',
  Key: { id: 'o-1' },
  UpdateExpression: 'SET #s = :s, lines = :lines ADD seen :one',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':s': 'open', ':lines': ITEM.lines, ':one': 1, ':unused': undefined },
  ReturnValues: 'ALL_NEW' as const,
};
const query = {
  TableName: 'orders',
  IndexName: 'byAccount',
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': 'practice#A-1' },
  ExclusiveStartKey: KEY,
  Limit: 2,
};
const batchGet = {
  RequestItems: {
    orders: {
      Keys: [{ id: 'o-1' }, { id: 'o-2' }],
      ProjectionExpression: '#p0',
      ExpressionAttributeNames: { '#p0': 'id' },
    },
  },
};
const transact = {
  TransactItems: [
    { Put: { TableName: 'orders', Item: ITEM, ConditionExpression: 'attribute_not_exists(id)' } },
    {
      Update: {
        TableName: 'counters',
        Key: { name: 'orders' },
        UpdateExpression: 'ADD #v :one',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    { Delete: { TableName: 'locks', Key: { name: 'l-1' } } },
    {
      ConditionCheck: {
        TableName: 'customers',
        Key: { accountNumber: 'A-1' },
        ConditionExpression: '#s = :active',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':active': 'active' },
      },
    },
  ],
};

const CASES: Case[] = [
  {
    operation: 'GetItem',
    ours: () => new GetCommand({ TableName: 'orders', Key: { id: 'o-1' }, ConsistentRead: true }),
    sdk: () => new lib.GetCommand({ TableName: 'orders', Key: { id: 'o-1' }, ConsistentRead: true }),
    reply: { Item: WIRE_ITEM },
    answer: { Item: STORED_ITEM },
  },
  {
    operation: 'PutItem',
    ours: () => new PutCommand(put),
    sdk: () => new lib.PutCommand(put),
    reply: {},
    answer: {},
  },
  {
    operation: 'UpdateItem',
    ours: () => new UpdateCommand(update),
    sdk: () => new lib.UpdateCommand(update),
    reply: { Attributes: WIRE_ITEM },
    answer: { Attributes: STORED_ITEM },
  },
  {
    operation: 'DeleteItem',
    ours: () => new DeleteCommand({ TableName: 'orders', Key: { id: 'o-1' }, ReturnValues: 'ALL_OLD' }),
    sdk: () => new lib.DeleteCommand({ TableName: 'orders', Key: { id: 'o-1' }, ReturnValues: 'ALL_OLD' }),
    reply: { Attributes: WIRE_ITEM },
    answer: { Attributes: STORED_ITEM },
  },
  {
    operation: 'Query',
    ours: () => new QueryCommand(query),
    sdk: () => new lib.QueryCommand(query),
    reply: { Items: [WIRE_ITEM, { id: { S: 'o-2' } }], Count: 2, ScannedCount: 3, LastEvaluatedKey: WIRE_KEY },
    answer: { Items: [STORED_ITEM, { id: 'o-2' }], Count: 2, ScannedCount: 3, LastEvaluatedKey: KEY },
  },
  {
    operation: 'BatchGetItem',
    ours: () => new BatchGetCommand(batchGet),
    sdk: () => new lib.BatchGetCommand(batchGet),
    reply: {
      Responses: { orders: [WIRE_ITEM] },
      UnprocessedKeys: { orders: { Keys: [{ id: { S: 'o-2' } }], ProjectionExpression: '#p0' } },
    },
    answer: {
      Responses: { orders: [STORED_ITEM] },
      UnprocessedKeys: { orders: { Keys: [{ id: 'o-2' }], ProjectionExpression: '#p0' } },
    },
  },
  {
    operation: 'TransactWriteItems',
    ours: () => new TransactWriteCommand(transact),
    sdk: () => new lib.TransactWriteCommand(transact),
    reply: {},
    answer: {},
  },
];

/** The idempotency token is random per call, in the SDK's requests as in ours. */
const withoutToken = ({ ClientRequestToken: _token, ...body }: Record<string, unknown>) => body;

describe('the same requests and answers as lib-dynamodb', () => {
  for (const c of CASES) {
    it(`${c.operation}: the same body on the wire and the same answer read back`, async () => {
      const seen = await fakeDynamo(json(200, c.reply));
      const answer = await ours.send(c.ours() as never);
      const sdkAnswer = (await sdk().send(c.sdk() as never)) as Record<string, unknown>;
      expect(seen.map((s) => s.target)).toEqual([
        `DynamoDB_20120810.${c.operation}`,
        `DynamoDB_20120810.${c.operation}`,
      ]);
      expect(withoutToken(seen[0]!.body)).toEqual(withoutToken(seen[1]!.body));
      const { $metadata: _metadata, ...sdkRest } = sdkAnswer;
      expect(answer).toEqual(sdkRest);
      expect(answer).toEqual(c.answer);
    });
  }

  it('items are stored in DynamoDB JSON: binary as base64, undefined values left out', async () => {
    const seen = await fakeDynamo(json(200, {}));
    await ours.send(new PutCommand(put));
    expect(seen[0]!.body.Item).toEqual(WIRE_ITEM);
  });

  it('a LastEvaluatedKey handed back as ExclusiveStartKey is sent exactly as DynamoDB gave it', async () => {
    const seen = await fakeDynamo(json(200, { Items: [], LastEvaluatedKey: WIRE_KEY }), json(200, { Items: [] }));
    const first = await ours.send(new QueryCommand({ ...query, ExclusiveStartKey: undefined }));
    expect(seen[0]!.body).not.toHaveProperty('ExclusiveStartKey');
    await ours.send(new QueryCommand({ ...query, ExclusiveStartKey: first.LastEvaluatedKey }));
    expect(seen[1]!.body.ExclusiveStartKey).toEqual(WIRE_KEY);
  });

  it('a transaction carries one idempotency token, the same on every retry, so a lost answer is not a conflict', async () => {
    const seen = await fakeDynamo(json(500, { __type: 'InternalServerError', message: 'retry me' }), json(200, {}));
    await ours.send(new TransactWriteCommand(transact));
    expect(seen).toHaveLength(2);
    expect(seen[0]!.body.ClientRequestToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]!.body.ClientRequestToken).toBe(seen[0]!.body.ClientRequestToken);
    await ours.send(new TransactWriteCommand({ ...transact, ClientRequestToken: 'mine' }));
    expect(seen[2]!.body.ClientRequestToken).toBe('mine');
  });
});

describe('the errors the adapters tell apart', () => {
  it('a failed condition is a ConditionalCheckFailedException (instanceof), not retried, its Item read back', async () => {
    const seen = await fakeDynamo(
      refusal('ConditionalCheckFailedException', { message: 'The conditional request failed', Item: WIRE_ITEM }),
    );
    const error = await ours
      .send(new PutCommand({ ...put, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }))
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error).toMatchObject({
      name: 'ConditionalCheckFailedException',
      message: 'The conditional request failed',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
      Item: STORED_ITEM,
    });
    expect(error).not.toBeInstanceOf(TransactionCanceledException);
  });

  it('a cancelled transaction is a TransactionCanceledException with its reasons, their Items read back', async () => {
    const reasons = [
      { Code: 'None' },
      {
        Code: 'ConditionalCheckFailed',
        Message: 'The conditional request failed',
        Item: { name: { S: 'orders' }, value: { N: '7' } },
      },
    ];
    await fakeDynamo(
      refusal('TransactionCanceledException', { Message: 'Transaction cancelled', CancellationReasons: reasons }),
    );
    const error = await ours.send(new TransactWriteCommand(transact)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    const cancelled = error as TransactionCanceledException;
    expect(cancelled.message).toBe('Transaction cancelled');
    expect(cancelled.CancellationReasons).toEqual([
      { Code: 'None' },
      { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { name: 'orders', value: 7 } },
    ]);
  });

  it('a transaction refused for a value is still answered 400, as it was with the SDK', async () => {
    await fakeDynamo(
      refusal('TransactionCanceledException', {
        Message: 'Transaction cancelled',
        CancellationReasons: [{ Code: 'ValidationError', Message: 'Item size has exceeded the maximum allowed size' }],
      }),
    );
    const error = await ours.send(new TransactWriteCommand(transact)).catch((e: unknown) => e);
    const sdkError = await sdk()
      .send(new lib.TransactWriteCommand(transact))
      .catch((e: unknown) => e);
    expect(classifyServiceFailure(error)).toEqual({ kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.other });
    expect(classifyServiceFailure(error)).toEqual(classifyServiceFailure(sdkError));
  });

  it('other refusals keep the SDK name and are no instance of the two classes', async () => {
    await fakeDynamo(refusal('ResourceNotFoundException', { message: 'Requested resource not found' }));
    const error = await ours.send(new GetCommand({ TableName: 'nope', Key: { id: 'x' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AwsServiceError);
    expect(error).toMatchObject({ name: 'ResourceNotFoundException', message: 'Requested resource not found' });
    expect(error).not.toBeInstanceOf(ConditionalCheckFailedException);
  });

  for (const [what, value] of [
    ['beyond MAX_SAFE_INTEGER', 2 ** 60],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ] as const) {
    it(`a number it cannot store exactly (${what}) is refused before any call, with the SDK's message: 400`, async () => {
      const seen = await fakeDynamo(json(200, {}));
      const error = await ours
        .send(new PutCommand({ TableName: 'orders', Item: { id: 'o-1', n: value } }))
        .catch((e: unknown) => e);
      const sdkError = await sdk()
        .send(new lib.PutCommand({ TableName: 'orders', Item: { id: 'o-1', n: value } }))
        .catch((e: unknown) => e);
      expect(seen).toHaveLength(0);
      expect((error as Error).message).toBe((sdkError as Error).message);
      expect(classifyServiceFailure(error)).toEqual({ kind: 'refused-value', message: VALUE_REFUSED_MESSAGES.number });
    });
  }

  it('abortSignal stops a call that hangs at once, without a retry', async () => {
    const controller = new AbortController();
    // The call is stopped once the table has it and does not answer (a timer could fire before the request left,
    // on a busy machine, and then nothing would have hung).
    const seen = await fakeDynamo(() => controller.abort());
    const started = Date.now();
    const error = await ours
      .send(new GetCommand({ TableName: 'orders', Key: { id: 'o-1' } }), { abortSignal: controller.signal })
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });
});
