import type { Server } from 'node:http';

/** A started loopback server: its URL and a close that also drops kept-alive connections. */
export interface LoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 only (nothing of the local stack is reachable from other machines). */
export async function listenOnLoopback(server: Server, port: number): Promise<LoopbackServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  // A later server error (e.g. EMFILE while accepting) is logged: without a listener it would end the process.
  server.on('error', (error) => console.error(`local server on 127.0.0.1:${actual}: ${error.message}`));
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
