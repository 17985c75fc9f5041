import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from './listen-on-loopback';
import { relay } from './relay';
import { guardRequests } from './request-guard';

export interface HostCheckProxyOptions {
  /** What the log and errors call it. */
  name: string;
  /** The documented port (LENSLAB_PORT_*), the only one the stack publishes. */
  port: number;
  /** The emulator's own loopback port, chosen free on each start and known only to the stack. */
  upstreamPort: number;
  /** Refuses a request before it is forwarded: answers the refusal's message, or null to forward. */
  refuse?: (req: IncomingMessage) => string | null;
}

/**
 * An emulator's front door (docs/local-stack.md "Security of the local stack"). The emulators have no Host check
 * of their own, so each listens on a free loopback port that only the stack knows, and this proxy listens on
 * the published one: it refuses a foreign Host (`guardRequests`, DNS rebinding), then whatever `refuse` names,
 * and forwards the rest unchanged but for Host, which becomes the emulator's own.
 */
export function startHostCheckProxy(options: HostCheckProxyOptions): Promise<LoopbackServer> {
  const upstreamHost = `127.0.0.1:${options.upstreamPort}`;
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const refusal = options.refuse?.(req);
    if (refusal) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(refusal);
      return;
    }
    relay(req, res, {
      hostname: '127.0.0.1',
      port: options.upstreamPort,
      path: req.url ?? '/',
      host: upstreamHost,
      unavailable: (answer) =>
        answer.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`${options.name} unavailable`),
    });
  };
  const server = createServer(
    guardRequests(`${options.name} proxy`, serve, {
      fail: (_req, res) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Proxy error'),
    }),
  );
  return listenOnLoopback(server, options.port);
}
