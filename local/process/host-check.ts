import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * DNS rebinding (docs/local-stack.md "Security of the local stack"): a page on another site can make its own
 * name resolve to 127.0.0.1 and then read what a local server answers, since the browser sees one origin. The
 * browser still sends that name in `Host`, so a local server answers only requests whose Host is its own
 * loopback address and port, as `127.0.0.1:<port>` or `localhost:<port>`. Anything else (another name, another
 * port, no port, no Host) is refused.
 */
export function isOwnLoopbackHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const lower = host.toLowerCase();
  return lower === `127.0.0.1:${port}` || lower === `localhost:${port}`;
}

export const FOREIGN_HOST_MESSAGE = 'This local service answers only 127.0.0.1 or localhost on its own port';

/**
 * Answers 403 and returns true when the request's Host is not this server's own (the port it was received on);
 * the caller then stops. Every local listener runs this first, through `guardRequests` or the emulators' proxy.
 */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse): boolean {
  if (isOwnLoopbackHost(req.headers.host, req.socket.localPort ?? -1)) return false;
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(FOREIGN_HOST_MESSAGE);
  return true;
}
