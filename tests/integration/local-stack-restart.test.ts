import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { portsFrom, resolvePorts } from '../../local/ports';
import { startLocalStack, type LocalStack } from '../../local/stack';

const dataDir = mkdtempSync(join(tmpdir(), 'lenslab-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const portOpen = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.once('connect', () => socket.destroy() || resolve(true));
    socket.once('error', () => resolve(false));
  });

async function profileOf(stack: LocalStack, email: string, password: string) {
  const auth = await fetch(stack.urls.cognito, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const token = ((await auth.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
  const res = await fetch(`${stack.urls.api}/api/getMyProfile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as { result?: { groups: string[] } } };
}

describe('npm start keeps data across a restart and leaves nothing running when stopped', () => {
  it('a restarted stack reuses the same pool, users and groups, and stop() closes every port', async () => {
    // Same ports both times, as `npm start` uses: handler modules keep their issuer for the process lifetime.
    const ports = await resolvePorts(portsFrom(0, {}));
    const first = await startLocalStack({ dataDir, ports, serveWeb: false });
    const admin = first.demoUsers.find((u) => u.key === 'superAdmin')!;
    expect((await profileOf(first, admin.email, admin.password)).status).toBe(200);
    const poolId = first.userPoolId;
    const urls = Object.values(first.urls).filter((u): u is string => !!u);
    await first.stop();
    for (const url of urls) expect(await portOpen(url), `${url} still open after stop`).toBe(false);

    const second = await startLocalStack({ dataDir, ports, serveWeb: false });
    try {
      expect(second.userPoolId).toBe(poolId);
      const again = await profileOf(second, admin.email, admin.password);
      expect(again.status).toBe(200);
      expect(again.body.result?.groups.sort()).toEqual(['admin', 'superadmin']);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
