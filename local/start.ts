/**
 * `npm start`: the whole portal on this machine (docs/local-stack.md).
 * Flags: --ephemeral (fresh data in a temp folder, deleted on exit), --no-web (API and emulators only).
 * Env: LENSLAB_PORT_BASE (default 4800), LENSLAB_PORT_<SERVICE> per service, LENSLAB_DATA_DIR (default
 * .local/data), LENSLAB_FIXED_CODE (every emailed code is this value; for tests only).
 */
import { describeError } from '../core/describe-error';
import { join, resolve } from 'node:path';
import { ensurePrerequisites } from '../scripts/ensure-prerequisites';
import { buildWebIfStale } from './build-web-if-stale';
import { DEFAULT_PORT_BASE, PortInUseError, portsFrom } from './ports';
import { startLocalStack, type LocalStack } from './stack';
import { lockDataDir, StackAlreadyRunningError } from './stack-lock';

// Node 20 is this project's runtime; the SDK's notice about its future Node 22 floor would only add noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const parent = process.ppid;
const ephemeral = process.argv.includes('--ephemeral');
const serveWeb = !process.argv.includes('--no-web');
const dataDir = ephemeral ? undefined : resolve(process.env.LENSLAB_DATA_DIR || join('.local', 'data'));
/** Seconds since this process started (node and tsx start-up included). */
const elapsed = () => (performance.now() / 1000).toFixed(1);
const progress = (message: string) => console.info(`[${elapsed()}s] ${message}`);

let stack: LocalStack | undefined;
let releaseLock = () => {};
let stopping = false;

function shutdown(reason: string): void {
  if (stopping) return;
  stopping = true;
  console.info(`\n${reason}: stopping the local stack...`);
  if (!stack) {
    // Still starting: exiting runs the exit hook, which kills every emulator started so far.
    releaseLock();
    process.exit(1);
  }
  void stack.stop().finally(() => {
    releaseLock();
    process.exit(0);
  });
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGHUP', () => shutdown('SIGHUP'));
// A wrapper that dies without passing the signal on (npm, a closed terminal) must not leave emulators behind.
setInterval(() => {
  if (process.ppid !== parent) shutdown('The process that started the stack exited');
}, 1000).unref();

async function main(): Promise<void> {
  ensurePrerequisites(['java']);
  if (dataDir) releaseLock = lockDataDir(dataDir);
  if (serveWeb) buildWebIfStale(progress);
  stack = await startLocalStack({
    dataDir,
    ports: portsFrom(Number(process.env.LENSLAB_PORT_BASE || DEFAULT_PORT_BASE)),
    serveWeb,
    fixedCode: process.env.LENSLAB_FIXED_CODE || undefined,
    progress,
  });

  const demo = stack.demoMachineClient;
  const machineClient = demo
    ? `
Machine API (docs/integration.md): ${demo.name}, every scope
  client id ${demo.clientId}   secret ${demo.clientSecret}
  token endpoint ${stack.urls.cognito}/oauth2/token
`
    : '';
  const logins = stack.demoUsers.map((u) => `  ${u.label.padEnd(46)} ${u.email.padEnd(30)} ${u.password}`).join('\n');
  console.info(`
Lenslab Portal is running (${dataDir ? `data in ${dataDir}; npm run reset wipes it` : 'ephemeral data'}).

  Portal:   ${serveWeb ? stack.urls.web : '(not served: --no-web)'}
  Mailbox:  ${stack.urls.mailbox}   (every email the portal sends, including sign-up codes)
  API:      ${stack.urls.api}/api/{operation}

Demo logins:
${logins}
  Lab staff also enter an authenticator code: npx tsx scripts/totp-code.ts superadmin (or admin) prints it.
${machineClient}

Local stack ready in ${elapsed()}s. Press Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  const known = error instanceof PortInUseError || error instanceof StackAlreadyRunningError;
  if (known) console.error(error.message);
  else console.error('The local stack failed to start:', describeError(error).message);
  releaseLock();
  process.exit(1);
});
