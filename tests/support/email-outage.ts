import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * The email service as the outbox consumer reaches it, with a switch: `down()` closes the port (connections are
 * refused, as when the service is unreachable), `hold()` keeps each request waiting, unanswered, until `up()`;
 * a held request whose caller has gone by then (the consumer was killed) is dropped, never sent on, as the
 * real service never sees a request whose connection died before it arrived. The mailbox behind it is
 * untouched, so what was sent before the outage is still listed.
 */
export interface EmailOutage {
  url: string;
  /** Requests that reached the service through here. */
  readonly forwarded: number;
  /** Requests waiting in `hold()`. */
  readonly held: number;
  down(): Promise<void>;
  /** Holds every request from the `afterForwarded`-th on (0: from now). */
  hold(afterForwarded?: number): void;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startEmailOutage(target: string): Promise<EmailOutage> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let holdFrom = Infinity;
  let forwarded = 0;
  const waiting: { req: IncomingMessage; res: ServerResponse; body: Buffer }[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    if (req.socket.destroyed || req.socket.readableEnded || res.writableEnded || res.closed) return;
    forwarded++;
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    out.end(body);
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (forwarded >= holdFrom) waiting.push({ req, res, body });
      else forward(req, res, body);
    });
  };

  let server: Server = createServer(handle);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server = createServer(handle);
      server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  let listening = true;

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return forwarded;
    },
    get held() {
      return waiting.length;
    },
    down: stop,
    hold(afterForwarded = 0) {
      holdFrom = forwarded + afterForwarded;
    },
    async up() {
      holdFrom = Infinity;
      // A killed caller's sockets close a moment after its process exits: let that news arrive first.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const w of waiting.splice(0)) forward(w.req, w.res, w.body);
      if (!listening) {
        await listen(port);
        listening = true;
      }
    },
    close: stop,
  };
}
