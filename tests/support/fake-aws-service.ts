import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface FakeAwsService {
  /** Every request received, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * The environment a Lambda's signed calls read (lambdas/adapters/aws/aws-request.ts): a region, test keys, no
 * session token and no global endpoint, plus `extra` (a function's own variables, a session token). Undone by
 * `vi.unstubAllEnvs()`.
 */
export function stubAwsEnv(extra: Record<string, string> = {}, region = 'eu-west-2'): void {
  const env = {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret-test',
    AWS_SESSION_TOKEN: '',
    AWS_ENDPOINT_URL: '',
    ...extra,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}

/** The attachments bucket on a local S3 address, path-style: what the presigning tests sign against, offline. */
export function stubLocalS3Env(): void {
  stubAwsEnv(
    {
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:4569',
      S3_FORCE_PATH_STYLE: 'true',
      ATTACHMENTS_BUCKET: 'lab-attachments',
    },
    'us-east-1',
  );
}

/**
 * A local HTTP server standing in for one AWS service: `AWS_ENDPOINT_URL_<endpointEnv>` points the Lambdas'
 * signed calls (lambdas/adapters/aws/) at it, and `reply` answers each request.
 */
export async function fakeAwsService(
  endpointEnv: string,
  reply: (request: SeenRequest, res: ServerResponse) => void,
): Promise<FakeAwsService> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(request);
      reply(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv(`AWS_ENDPOINT_URL_${endpointEnv}`, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A JSON answer, with the error type in the header as REST-JSON services send it when `errorType` is given. */
export const jsonReply =
  (status: number, body: unknown, errorType?: string) => (_request: SeenRequest, res: ServerResponse) =>
    res
      .writeHead(status, {
        'content-type': 'application/json',
        ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
      })
      .end(JSON.stringify(body));
