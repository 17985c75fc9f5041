import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { decodeJwt } from 'jose';
import { API_PREFIX, isMachineAccess, type RouteDefinition } from '../../core/route-definition';
import { ROUTE_LIST } from '../../core/routes';
import { createTokenVerifier } from '../../lambdas/auth/verify-token';
import { listenOnLoopback } from '../process/listen-on-loopback';
import { guardRequests, originFormUrl } from '../process/request-guard';
import { buildHttpApiEvent } from './build-event';
import { toHttpResponse } from './to-http-response';

export type Handler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyResultV2>;

export interface GatewayOptions {
  port: number;
  issuer: string;
  clientId: string;
  routes?: readonly RouteDefinition[];
  /** Loads a route's handler module; the default imports `lambdas/handlers/{route.handler}.ts`. */
  loadHandler?: (route: RouteDefinition) => Promise<Handler>;
  maxBodyBytes?: number;
}

export interface LocalGateway {
  url: string;
  close(): Promise<void>;
}

const HANDLERS_DIR = new URL('../../lambdas/handlers/', import.meta.url);

const defaultLoader = async (route: RouteDefinition): Promise<Handler> => {
  const file = new URL(`${route.handler}.ts`, HANDLERS_DIR).href;
  const module = (await import(/* @vite-ignore */ file)) as { handler: Handler };
  return module.handler;
};

/**
 * The local stand-in for API Gateway (HTTP API): one `POST /api/{name}` per route-table entry, the JWT
 * authorizer on every route open to signed-in people (401 `{"message":"Unauthorized"}` without calling the Lambda, as
 * API Gateway answers), payload v2 events, and the same handler modules the CDK stack deploys.
 */
export async function startGateway(options: GatewayOptions): Promise<LocalGateway> {
  const routes = new Map((options.routes ?? ROUTE_LIST).map((r) => [`${API_PREFIX}/${r.name}`, r]));
  const verify = createTokenVerifier({ issuer: options.issuer, clientId: options.clientId });
  const load = options.loadHandler ?? defaultLoader;
  const handlers = new Map<string, Promise<Handler>>();
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;

  const reply = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = originFormUrl(req.url);
    if (!url) return reply(res, 400, { message: 'Bad Request' });
    const route = routes.get(url.pathname);
    if (!route || req.method !== 'POST') return reply(res, 404, { message: 'Not Found' });
    const raw = await readBody(req, maxBody);
    if (raw === null) return reply(res, 413, { message: 'Request Entity Too Large' });
    const body = raw.toString('utf8');
    // A webhook's signature covers its exact bytes: bytes that are not UTF-8 text go base64-encoded, as API
    // Gateway passes binary bodies. Webhook routes are public, so no JWT check below.
    const base64 = route.kind === 'webhook' && !Buffer.from(body, 'utf8').equals(raw);
    let claims: Record<string, unknown> | undefined;
    // Machine routes have no JWT authorizer in AWS either: their clients are made at run time, and API Gateway's
    // authorizer names its audiences when deployed; the handler verifies the client's token and scopes.
    if (route.access !== 'public' && !isMachineAccess(route.access)) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      try {
        if (!token) throw new Error('no token');
        await verify(token);
        claims = decodeJwt(token) as Record<string, unknown>;
      } catch {
        return reply(res, 401, { message: 'Unauthorized' });
      }
    }
    let handler = handlers.get(route.name);
    if (!handler) {
      handler = load(route);
      handlers.set(route.name, handler);
    }
    const event = buildHttpApiEvent({
      method: 'POST',
      path: url.pathname,
      query: url.search.slice(1),
      headers: req.headers,
      body: base64 ? raw.toString('base64') : body,
      isBase64Encoded: base64,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      claims,
    });
    const answer = toHttpResponse(await (await handler)(event));
    res.writeHead(answer.statusCode, answer.headers).end(answer.body);
  }

  // A handler that throws, or answers what HTTP cannot carry, gets API Gateway's 500; the process lives on.
  const server: Server = createServer(
    guardRequests('gateway', serve, {
      fail: (_req, res) => reply(res, 500, { message: 'Internal Server Error' }),
    }),
  );
  // Idle keep-alive sockets outlive the clients' own (undici closes its idle ones after 4 s): with Node's 5 s
  // default, a request sent on a socket the server was closing at that moment failed with ECONNRESET on a
  // loaded machine. API Gateway keeps idle connections open far longer too.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return listenOnLoopback(server, options.port);
}

/** Reads a body up to `limit` bytes; null when it is larger (API Gateway's payload limit). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
