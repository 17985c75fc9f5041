/**
 * `npm start`: the whole portal on this machine. Flags: --ephemeral (fresh data, deleted on exit).
 * Env: LENSLAB_PORT_BASE (default 4800), LENSLAB_PORT_<SERVICE> per service, LENSLAB_FIXED_CODE.
 */
import { join } from 'node:path';
import { ensurePrerequisites } from '../scripts/ensure-prerequisites';
import { buildWebIfStale } from './build-web-if-stale';
import { DEFAULT_PORT_BASE, PortInUseError, portsFrom } from './ports';
import { startLocalStack } from './stack';

const started = Date.now();
const parent = process.ppid;
const ephemeral = process.argv.includes('--ephemeral');
const progress = (message: string) => console.info(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${message}`);

async function main(): Promise<void> {
  ensurePrerequisites(['java']);
  buildWebIfStale(progress);
  const base = Number(process.env.LENSLAB_PORT_BASE ?? DEFAULT_PORT_BASE);
  const stack = await startLocalStack({
    dataDir: ephemeral ? undefined : join(process.cwd(), '.local', 'data'),
    ports: portsFrom(base),
    fixedCode: process.env.LENSLAB_FIXED_CODE,
    progress,
  });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`\n${signal}: stopping the local stack...`);
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGHUP', () => shutdown('SIGHUP'));
  // A wrapper that dies without passing the signal on (npx, a killed terminal) must not leave emulators behind.
  setInterval(() => {
    if (process.ppid !== parent) shutdown('parent exited');
  }, 1000).unref();

  const logins = stack.demoUsers.map((u) => `  ${u.label.padEnd(46)} ${u.email.padEnd(30)} ${u.password}`).join('\n');
  console.info(`
Lenslab Portal is running (${ephemeral ? 'ephemeral data' : 'data in .local/, npm run reset wipes it'}).

  Portal:   ${stack.urls.web}
  Mailbox:  ${stack.urls.mailbox}   (every email the portal sends, including sign-up codes)
  API:      ${stack.urls.api}/api/{operation}

Demo logins:
${logins}

Local stack ready in ${((Date.now() - started) / 1000).toFixed(1)}s. Press Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) console.error(error.message);
  else console.error('The local stack failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
