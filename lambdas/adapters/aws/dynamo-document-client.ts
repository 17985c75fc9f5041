import { randomUUID } from 'node:crypto';
import type * as lib from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { AwsServiceError } from './aws-errors';
import { awsJsonCall, type AwsService } from './aws-request';

/**
 * DynamoDB for the Lambdas: the call shape of lib-dynamodb's document client
 * (`documentClient().send(new GetCommand({...}))`, the same inputs and outputs, the same error names) over
 * DynamoDB's JSON protocol and a signed fetch (aws-request.ts), without the SDK's client. Items are converted
 * by the SDK's own marshaller (`@aws-sdk/util-dynamodb`, which loads no client), with the options the adapters
 * always used, so what is stored is byte for byte what lib-dynamodb stored.
 *
 * Only the expression-style parameters exist here: the legacy ones (`Expected`, `AttributeUpdates`,
 * `KeyConditions`, `QueryFilter`) and item collection metrics carry attribute values this module would have to
 * convert too, and no adapter uses them, so they do not compile.
 */
export const DYNAMODB: AwsService & { targetPrefix: string; jsonVersion: '1.0' } = {
  signingName: 'dynamodb',
  endpointEnv: 'DYNAMODB',
  defaultEndpoint: (region) => `https://dynamodb.${region}.amazonaws.com`,
  targetPrefix: 'DynamoDB_20120810',
  jsonVersion: '1.0',
};

type Item = Record<string, NativeAttributeValue>;
/** An attribute value as DynamoDB's JSON carries it: `{ "S": "x" }`, `{ "M": { ... } }`, binary as base64. */
type WireValue = { B?: unknown; BS?: unknown[]; M?: WireItem; L?: WireValue[] } & Record<string, unknown>;
type WireItem = Record<string, WireValue>;
type WireAnswer = Record<string, unknown>;

type Legacy = 'Expected' | 'AttributeUpdates' | 'KeyConditions' | 'QueryFilter' | 'ConditionalOperator';
type Input<T> = Omit<T, Legacy | 'ReturnItemCollectionMetrics'>;
type Output<T> = Omit<T, '$metadata' | 'ItemCollectionMetrics'>;

export type GetCommandInput = Input<lib.GetCommandInput>;
export type PutCommandInput = Input<lib.PutCommandInput>;
export type UpdateCommandInput = Input<lib.UpdateCommandInput>;
export type DeleteCommandInput = Input<lib.DeleteCommandInput>;
export type QueryCommandInput = Input<lib.QueryCommandInput>;
export type BatchGetCommandInput = Input<lib.BatchGetCommandInput>;
export type TransactWriteCommandInput = Input<lib.TransactWriteCommandInput>;

const MARSHALL_OPTIONS = { removeUndefinedValues: true } as const;

const mapValues = <A, B>(record: Record<string, A>, f: (value: A) => B): Record<string, B> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));

/** Binary attributes: the marshaller's bytes are base64 in JSON, and read back as `Uint8Array` as the SDK did. */
function convertBinary(value: WireValue, convert: (binary: unknown) => unknown): WireValue {
  if (value.B !== undefined) return { B: convert(value.B) };
  if (value.BS) return { BS: value.BS.map(convert) };
  if (value.M) return { M: mapValues(value.M, (v) => convertBinary(v, convert)) };
  if (value.L) return { L: value.L.map((v) => convertBinary(v, convert)) };
  return value;
}

function toBase64(binary: unknown): string {
  if (ArrayBuffer.isView(binary))
    return Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength).toString('base64');
  if (binary instanceof ArrayBuffer) return Buffer.from(binary).toString('base64');
  throw new Error('A binary attribute must be a Uint8Array, Buffer or ArrayBuffer');
}

const fromBase64 = (binary: unknown) => new Uint8Array(Buffer.from(String(binary), 'base64'));

/** An item, key or value map as DynamoDB's JSON carries it (undefined stays undefined: the field is left out). */
function toWire(item: Item | undefined): WireItem | undefined {
  if (item === undefined) return undefined;
  return mapValues(marshall(item, MARSHALL_OPTIONS) as WireItem, (v) => convertBinary(v, toBase64));
}

function fromWire(item: unknown): Item | undefined {
  if (item === undefined || item === null) return undefined;
  return unmarshall(mapValues(item as WireItem, (v) => convertBinary(v, fromBase64)) as never);
}

const fromWireItems = (items: unknown): Item[] | undefined =>
  Array.isArray(items) ? items.map((item) => fromWire(item)!) : undefined;

/** Update, Delete and ConditionCheck name their item by key and may carry expression values. */
const keyAndValues = (part: { Key: Item | undefined; ExpressionAttributeValues?: Item | undefined }) => ({
  Key: toWire(part.Key),
  ExpressionAttributeValues: toWire(part.ExpressionAttributeValues),
});

/** One DynamoDB operation: its input converted to the wire, and the wire's answer converted back. */
abstract class DocumentCommand<In, Out> {
  constructor(readonly input: In) {}
  abstract readonly operation: string;
  abstract request(): unknown;
  abstract answer(wire: WireAnswer): Out;
}

/** Put, Update and Delete answer the same way: the item's attributes when ReturnValues asked for them. */
const withAttributes = (wire: WireAnswer) => ({ ...wire, Attributes: fromWire(wire.Attributes) });

export class GetCommand extends DocumentCommand<GetCommandInput, Output<lib.GetCommandOutput>> {
  readonly operation = 'GetItem';
  request() {
    return { ...this.input, Key: toWire(this.input.Key) };
  }
  answer(wire: WireAnswer): Output<lib.GetCommandOutput> {
    return { ...wire, Item: fromWire(wire.Item) };
  }
}

export class PutCommand extends DocumentCommand<PutCommandInput, Output<lib.PutCommandOutput>> {
  readonly operation = 'PutItem';
  request() {
    const { Item, ExpressionAttributeValues } = this.input;
    return { ...this.input, Item: toWire(Item), ExpressionAttributeValues: toWire(ExpressionAttributeValues) };
  }
  answer(wire: WireAnswer): Output<lib.PutCommandOutput> {
    return withAttributes(wire);
  }
}

export class UpdateCommand extends DocumentCommand<UpdateCommandInput, Output<lib.UpdateCommandOutput>> {
  readonly operation = 'UpdateItem';
  request() {
    const { Key, ExpressionAttributeValues } = this.input;
    return { ...this.input, Key: toWire(Key), ExpressionAttributeValues: toWire(ExpressionAttributeValues) };
  }
  answer(wire: WireAnswer): Output<lib.UpdateCommandOutput> {
    return withAttributes(wire);
  }
}

export class DeleteCommand extends DocumentCommand<DeleteCommandInput, Output<lib.DeleteCommandOutput>> {
  readonly operation = 'DeleteItem';
  request() {
    const { Key, ExpressionAttributeValues } = this.input;
    return { ...this.input, Key: toWire(Key), ExpressionAttributeValues: toWire(ExpressionAttributeValues) };
  }
  answer(wire: WireAnswer): Output<lib.DeleteCommandOutput> {
    return withAttributes(wire);
  }
}

export class QueryCommand extends DocumentCommand<QueryCommandInput, Output<lib.QueryCommandOutput>> {
  readonly operation = 'Query';
  request() {
    const { ExclusiveStartKey, ExpressionAttributeValues } = this.input;
    return {
      ...this.input,
      ExclusiveStartKey: toWire(ExclusiveStartKey),
      ExpressionAttributeValues: toWire(ExpressionAttributeValues),
    };
  }
  answer(wire: WireAnswer): Output<lib.QueryCommandOutput> {
    return { ...wire, Items: fromWireItems(wire.Items), LastEvaluatedKey: fromWire(wire.LastEvaluatedKey) };
  }
}

type KeysAndAttributes = { Keys?: unknown[] } & Record<string, unknown>;

export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput, Output<lib.BatchGetCommandOutput>> {
  readonly operation = 'BatchGetItem';
  request() {
    const { RequestItems } = this.input;
    return {
      ...this.input,
      RequestItems:
        RequestItems && mapValues(RequestItems, (table) => ({ ...table, Keys: table.Keys?.map((key) => toWire(key)) })),
    };
  }
  answer(wire: WireAnswer): Output<lib.BatchGetCommandOutput> {
    const responses = wire.Responses as Record<string, unknown[]> | undefined;
    const unprocessed = wire.UnprocessedKeys as Record<string, KeysAndAttributes> | undefined;
    return {
      ...wire,
      Responses: responses && mapValues(responses, (items) => fromWireItems(items)!),
      UnprocessedKeys:
        unprocessed && mapValues(unprocessed, (table) => ({ ...table, Keys: fromWireItems(table.Keys) })),
    };
  }
}

export class TransactWriteCommand extends DocumentCommand<
  TransactWriteCommandInput,
  Output<lib.TransactWriteCommandOutput>
> {
  readonly operation = 'TransactWriteItems';
  /**
   * The SDK filled in an idempotency token when the caller gave none; with it a retry of a transaction that
   * did commit (its answer lost) is answered as a success instead of failing its own conditions. Made once
   * per command, so every retry of one `send` carries the same token.
   */
  private readonly token = this.input.ClientRequestToken ?? randomUUID();
  request() {
    return {
      ...this.input,
      ClientRequestToken: this.token,
      TransactItems: this.input.TransactItems?.map(({ ConditionCheck, Put, Update, Delete, ...rest }) => ({
        ...rest,
        ...(ConditionCheck && { ConditionCheck: { ...ConditionCheck, ...keyAndValues(ConditionCheck) } }),
        ...(Put && {
          Put: { ...Put, Item: toWire(Put.Item), ExpressionAttributeValues: toWire(Put.ExpressionAttributeValues) },
        }),
        ...(Update && { Update: { ...Update, ...keyAndValues(Update) } }),
        ...(Delete && { Delete: { ...Delete, ...keyAndValues(Delete) } }),
      })),
    };
  }
  answer(wire: WireAnswer): Output<lib.TransactWriteCommandOutput> {
    const { ItemCollectionMetrics: _metrics, ...rest } = wire;
    return rest;
  }
}

/** One reason per item of a cancelled transaction, in the order of TransactItems (`None` for the others). */
export interface CancellationReason {
  Code?: string;
  Message?: string;
  /** The item as it was, when the call asked for it (ReturnValuesOnConditionCheckFailure: ALL_OLD). */
  Item?: Item;
}

/** A condition of a Put, Update or Delete did not hold. */
export class ConditionalCheckFailedException extends AwsServiceError {
  /** The item as it was, when the call asked for it (ReturnValuesOnConditionCheckFailure: ALL_OLD). */
  declare readonly Item?: Item;
}

/** A transaction was refused as a whole; the reasons say which item and why. */
export class TransactionCanceledException extends AwsServiceError {
  declare readonly CancellationReasons?: CancellationReason[];
}

const ERROR_CLASSES: Record<string, typeof AwsServiceError> = {
  ConditionalCheckFailedException,
  TransactionCanceledException,
};

/**
 * The errors the adapters tell apart with `instanceof`, as their own classes, with the items they carry read
 * back like any other item (the SDK's client left them in DynamoDB's wire form; no adapter read them there).
 */
function typedError(error: unknown): unknown {
  if (!(error instanceof AwsServiceError)) return error;
  const ErrorClass = ERROR_CLASSES[error.name];
  if (!ErrorClass) return error;
  const details = { ...error.details };
  if (details.Item) details.Item = fromWire(details.Item);
  if (Array.isArray(details.CancellationReasons)) {
    details.CancellationReasons = (details.CancellationReasons as Array<Record<string, unknown>>).map((reason) =>
      reason.Item ? { ...reason, Item: fromWire(reason.Item) } : reason,
    );
  }
  const { httpStatusCode, requestId } = error.$metadata;
  const typed = new ErrorClass(error.name, error.message, httpStatusCode, details, requestId);
  Object.assign(typed, details);
  return typed;
}

/** Stateless: endpoint, region and credentials are read per call (aws-request.ts), so one instance serves all. */
export class DynamoDocumentClient {
  /** `abortSignal`: the caller gives up waiting (as the SDK's `send` options). */
  async send<Out>(command: DocumentCommand<unknown, Out>, options: { abortSignal?: AbortSignal } = {}): Promise<Out> {
    const request = command.request();
    let wire: WireAnswer;
    try {
      wire = await awsJsonCall<WireAnswer>(DYNAMODB, command.operation, request, { signal: options.abortSignal });
    } catch (error) {
      throw typedError(error);
    }
    return command.answer(wire);
  }
}
