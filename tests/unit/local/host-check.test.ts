import { createServer } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_HOST_MESSAGE, isOwnLoopbackHost } from '../../../local/process/host-check';
import { listenOnLoopback, type LoopbackServer } from '../../../local/process/listen-on-loopback';
import { guardRequests } from '../../../local/process/request-guard';

/** One request with exactly this Host line (or none): the status and body of the answer. */
export function requestWithHost(url: string, host: string | null): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0),
        body: data.slice(data.indexOf('\r\n\r\n') + 4),
      }),
    );
    socket.on('error', reject);
    // HTTP/1.0 allows a request without Host; Node refuses one in HTTP/1.1 by itself.
    const version = host === null ? 'HTTP/1.0' : 'HTTP/1.1';
    socket.write(`GET / ${version}\r\n${host === null ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);
  });
}

describe('local stack boundary: a local listener answers only its own loopback Host (DNS rebinding)', () => {
  it.each([
    ['127.0.0.1:4800', true],
    ['localhost:4800', true],
    ['LOCALHOST:4800', true],
    ['127.0.0.1:4801', false],
    ['127.0.0.1', false],
    ['localhost', false],
    ['evil.example:4800', false],
    ['evil.example', false],
    ['127.0.0.1.nip.io:4800', false],
    ['[::1]:4800', false],
    ['127.0.0.1:4800@evil.example', false],
    ['', false],
    [undefined, false],
  ])('Host %j on port 4800 is own: %s', (host, own) => {
    expect(isOwnLoopbackHost(host, 4800)).toBe(own);
  });

  describe('every server wrapped by guardRequests (web server, gateway, bridge, fake gateway)', () => {
    let server: LoopbackServer;
    let port: number;
    beforeAll(async () => {
      server = await listenOnLoopback(
        createServer(guardRequests('test', (_req, res) => void res.writeHead(200).end('served'), { fail: () => {} })),
        0,
      );
      port = Number(new URL(server.url).port);
    });
    afterAll(() => server.close());

    it.each(['127.0.0.1', 'localhost'])('serves Host %s:<its port>', async (name) => {
      const answer = await requestWithHost(server.url, `${name}:${port}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('served');
    });

    it.each([['rebound.evil.example:PORT'], ['127.0.0.1:1'], ['127.0.0.1'], [null]])(
      'refuses Host %j with 403 before the listener runs',
      async (host) => {
        const answer = await requestWithHost(server.url, host?.replace('PORT', String(port)) ?? null);
        expect(answer.status).toBe(403);
        expect(answer.body).toContain(FOREIGN_HOST_MESSAGE);
        expect(answer.body).not.toContain('served');
      },
    );
  });
});
