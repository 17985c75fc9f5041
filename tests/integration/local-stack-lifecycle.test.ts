import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { portEnvVar, portsFrom, resolvePorts, SERVICES, type Ports } from '../../local/ports';
import { freshTotpCodes, nextTotpStep, spendTotpCode } from '../support/totp-codes';
import { startLocalStack, type LocalStack } from '../../local/stack';

const dataDir = mkdtempSync(join(tmpdir(), 'lenslab-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const answer = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    // A listener in a dying process may neither accept nor refuse: count it as still open and ask again.
    socket.setTimeout(500, () => answer(true));
  });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Processes (other than this one) whose command line or working directory is inside the data folder. */
function processesUsing(dir: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes(dir) || readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const anyPortOpen = async (ports: Ports) => (await Promise.all(Object.values(ports).map(portOpen))).some(Boolean);

/** Signs a lab staff member in, with the code of their authenticator. */
async function signIn(
  cognitoUrl: string,
  clientId: string,
  user: { email: string; password: string; totpSecret: string },
): Promise<string> {
  const call = async (operation: string, body: unknown) =>
    (await (
      await fetch(cognitoUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      })
    ).json()) as { AuthenticationResult: { IdToken: string }; Session?: string };
  const { Session } = await call('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  const answer = await call('RespondToAuthChallenge', {
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    ClientId: clientId,
    Session,
    ChallengeResponses: { USERNAME: user.email, SOFTWARE_TOKEN_MFA_CODE: await unusedCode(user.totpSecret) },
  });
  return answer.AuthenticationResult.IdToken;
}

/**
 * A code the user has not spent: the bridge keeps the codes used across a restart, as Cognito refuses a code
 * already used while it is valid, so the sign-in after the restart must not send the one before it.
 */
async function unusedCode(secret: string): Promise<string> {
  for (;;) {
    for (const code of await freshTotpCodes(secret)) if (spendTotpCode(secret, code)) return code;
    await nextTotpStep();
  }
}

async function groupsFromProfile(apiUrl: string, token: string): Promise<string[]> {
  const res = await fetch(`${apiUrl}/api/getMyProfile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: { groups: string[] } }).result.groups.sort();
}

/** `npm start` as a developer runs it (node + tsx), on these ports and this data folder, without the web app. */
async function startCli(ports: Ports): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LENSLAB_DATA_DIR: dataDir };
  for (const service of SERVICES) env[portEnvVar(service)] = String(ports[service]);
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts', '--no-web'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await until(() => output.includes('Local stack ready in') || child.exitCode !== null, 'npm start is ready', 60_000);
  expect(output).toContain('Local stack ready in');
  return { child, output: () => output };
}

describe('npm start keeps data across a restart and leaves nothing running when stopped', () => {
  const superAdmin = {
    email: 'superadmin@lenslab.test',
    password: 'Lenslab!Super1',
    totpSecret: 'LENSLABSUPERADMINDEMOTOTPSECRET2',
  };
  let ports: Ports;
  let poolId: string;
  let clientId: string;

  it('stop() ends every emulator it started and closes every port', async () => {
    ports = await resolvePorts(portsFrom(0, {}));
    const stack: LocalStack = await startLocalStack({ dataDir, ports, serveWeb: false });
    ({ userPoolId: poolId, clientId } = stack);
    const token = await signIn(stack.urls.cognito, clientId, superAdmin);
    expect(await groupsFromProfile(stack.urls.api, token)).toEqual(['admin', 'superadmin']);
    expect(stack.pids).toHaveLength(4);

    await stack.stop();
    expect(stack.pids.filter(isRunning)).toEqual([]);
    expect(await anyPortOpen(ports)).toBe(false);
  }, 60_000);

  it('a restart (npm start) reuses the same pool, users, groups and authenticators; SIGTERM stops it cleanly', async () => {
    const { child, output } = await startCli(ports);
    const state = JSON.parse(readFileSync(join(dataDir, 'state.json'), 'utf8')) as { userPoolId: string };
    expect(state.userPoolId).toBe(poolId);
    expect(output()).not.toContain('Seeding');
    const api = `http://127.0.0.1:${ports.gateway}`;
    const token = await signIn(`http://127.0.0.1:${ports.bridge}`, clientId, superAdmin);
    expect(await groupsFromProfile(api, token)).toEqual(['admin', 'superadmin']);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await anyPortOpen(ports)).toBe(false);
    expect(processesUsing(dataDir)).toEqual([]);
  }, 60_000);

  it('a second npm start on the same data folder is refused with one clear line', async () => {
    const { child } = await startCli(ports);
    try {
      const other = await resolvePorts(portsFrom(0, {}));
      const env: NodeJS.ProcessEnv = { ...process.env, LENSLAB_DATA_DIR: dataDir };
      for (const service of SERVICES) env[portEnvVar(service)] = String(other[service]);
      const second = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts', '--no-web'], { env });
      let stderr = '';
      second.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`The local stack is already running on ${dataDir} (pid ${child.pid})`);
    } finally {
      child.kill('SIGKILL');
    }
    // Killed outright, no handler ran: the orphan reaper ends the emulators.
    await until(async () => !(await anyPortOpen(ports)), 'the emulators are gone after SIGKILL');
    await until(() => processesUsing(dataDir).length === 0, 'no process uses the data folder');
  }, 60_000);
});
