import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';

export interface RelayTarget {
  hostname: string;
  port: number | string;
  /** The path and query sent on. */
  path: string;
  /** The Host the service expects: each local service checks that Host is its own (host-check.ts). */
  host: string;
  /** Headers added to the service's answer (the web server's page headers). */
  answerHeaders?: () => Record<string, string>;
  /** What the caller gets when the service cannot be reached. */
  unavailable: (res: ServerResponse) => void;
}

/**
 * Forwards a request to a local service and streams its answer back: the one reverse proxy of the local stack
 * (the web server's `/api/*`, each emulator's Host-checking front door).
 */
export function relay(req: IncomingMessage, res: ServerResponse, target: RelayTarget): void {
  const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
  const upstream = request(
    { hostname: target.hostname, port: target.port, path: target.path, method: req.method, headers },
    (answer) => {
      // Outside the guarded listener (a later event): an answer HTTP cannot relay ends the connection.
      try {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...target.answerHeaders?.() });
        pipeline(answer, res, () => {});
      } catch {
        answer.destroy();
        res.destroy();
      }
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) return void res.destroy();
    target.unavailable(res);
  });
  pipeline(req, upstream, () => {});
}
