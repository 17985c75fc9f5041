import { xmlTexts } from './xml-text';

/**
 * An AWS service's refusal, shaped as the SDK shaped it (`name`, `$fault`, `$metadata.httpStatusCode` and the
 * service's own fields such as DynamoDB's `CancellationReasons`), so the code that reads errors
 * (lambdas/http/service-failures.ts, the adapters' `name` checks) works the same whichever client sent the call.
 */
export class AwsServiceError extends Error {
  readonly $fault: 'client' | 'server';
  readonly $metadata: { httpStatusCode: number; requestId?: string };
  /** The error body's other fields, as the service sent them. */
  readonly details: Record<string, unknown>;

  constructor(name: string, message: string, status: number, details: Record<string, unknown>, requestId?: string) {
    super(message);
    this.name = name;
    this.$fault = status >= 500 ? 'server' : 'client';
    this.$metadata = { httpStatusCode: status, ...(requestId ? { requestId } : {}) };
    this.details = details;
  }
}

/** `com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException` or `NotFoundException:http://...` -> the name. */
function shortName(type: string): string {
  return type.split('#').pop()!.split(':')[0]!.trim();
}

/** The first `<Tag>text</Tag>` of an XML error body (S3). */
const xmlField = (xml: string, tag: string) => xmlTexts(xml, tag)[0];

/** Reads the error from a refused response: JSON protocols (`__type`), REST-JSON (header) or S3's XML. */
export async function readAwsError(response: Response): Promise<AwsServiceError> {
  const status = response.status;
  const requestId = response.headers.get('x-amzn-requestid') ?? response.headers.get('x-amz-request-id') ?? undefined;
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  if (text.trimStart().startsWith('{')) {
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = {};
    }
  }
  const headerType = response.headers.get('x-amzn-errortype');
  const xmlCode = text.trimStart().startsWith('<') ? xmlField(text, 'Code') : undefined;
  const type =
    (typeof body.__type === 'string' && body.__type) ||
    (typeof body.code === 'string' && body.code) ||
    headerType ||
    xmlCode ||
    (status === 404 ? 'NotFound' : status >= 500 ? 'ServiceUnavailable' : `Http${status}`);
  const message =
    (typeof body.message === 'string' && body.message) ||
    (typeof body.Message === 'string' && body.Message) ||
    (xmlCode ? xmlField(text, 'Message') : undefined) ||
    `${shortName(type)} (HTTP ${status})`;
  const { __type: _type, message: _m, Message: _M, ...details } = body;
  const error = new AwsServiceError(shortName(type), message, status, details, requestId);
  // The SDK spread the body's fields onto its errors (CancellationReasons, Item); code that reads them there works on.
  Object.assign(error, details);
  return error;
}
