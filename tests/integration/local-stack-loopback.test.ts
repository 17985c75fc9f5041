import { request } from 'node:http';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_HOST_MESSAGE } from '../../local/process/host-check';
import { isLoopback, listeningSocketsOf } from '../../local/process/listening-sockets';
import { portsFrom } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';

/** True when a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host, port });
    const answer = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.setTimeout(2000, () => answer(false));
  });

/** This machine's own non-loopback addresses (what another machine on the network would connect to). */
const interfaceAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);

describe('everything the local stack starts listens on loopback only', () => {
  let stack: LocalStack;
  const servicePorts = () =>
    Object.entries(stack.urls).map(([name, url]) => [name, Number(new URL(url).port)] as const);

  beforeAll(async () => {
    // The whole stack, web server included: the emulators in their processes, web, gateway and bridge in this one.
    stack = await startLocalStack({ ports: portsFrom(0, {}), serveWeb: true, seed: false });
  }, 120_000);
  afterAll(() => stack?.stop());

  it.runIf(process.platform === 'linux')(
    'no socket in LISTEN state of the stack’s processes (and their children) is outside loopback',
    () => {
      const sockets = listeningSocketsOf([process.pid, ...stack.pids]);
      expect(sockets.filter((socket) => !isLoopback(socket.address))).toEqual([]);
      // Not vacuous: every service the stack reports is among the sockets read.
      const listening = new Set(sockets.map((socket) => socket.port));
      for (const [name, port] of servicePorts()) expect(listening.has(port), `${name} on ${port}`).toBe(true);
    },
  );

  it('no service accepts a connection on this machine’s network addresses', async () => {
    for (const address of interfaceAddresses()) {
      for (const [name, port] of servicePorts()) {
        expect(await accepts('127.0.0.1', port), `${name} on 127.0.0.1`).toBe(true);
        expect(await accepts(address, port), `${name} on ${address}:${port}`).toBe(false);
      }
    }
  });

  it('local stack boundary: every service, the web server included, refuses a Host other than its own (DNS rebinding)', async () => {
    const status = (port: number, host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const [name, port] of servicePorts()) {
      const foreign = await status(port, `rebound.evil.example:${port}`);
      expect(foreign.status, name).toBe(403);
      expect(foreign.body, name).toContain(FOREIGN_HOST_MESSAGE);
      expect((await status(port, `localhost:${port}`)).status, name).not.toBe(403);
    }
  });

  it('DynamoDB Local grants CORS to no web page: neither another site, nor "null", nor the portal', async () => {
    const listTables = {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.ListTables',
      authorization:
        'AWS4-HMAC-SHA256 Credential=any/20250101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    };
    for (const origin of ['http://evil.example', 'null', stack.urls.web]) {
      const preflight = await fetch(stack.urls.dynamodb, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-amz-target',
        },
      });
      await preflight.arrayBuffer();
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
      const post = await fetch(stack.urls.dynamodb, { method: 'POST', headers: { ...listTables, origin }, body: '{}' });
      expect(post.status).toBe(200);
      await post.arrayBuffer();
      expect(post.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
