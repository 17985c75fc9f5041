import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startProcess, type ManagedProcess } from '../process/child-process';
import { httpAnswers, processReady } from '../process/wait-until-ready';

/** Starts the SES v2 emulator; every sent email is kept in memory and listed at GET /store. */
export async function startSes(options: { port: number; logFile: string }): Promise<ManagedProcess> {
  const bin = join(dirname(createRequire(import.meta.url).resolve('aws-ses-v2-local/package.json')), 'dist/cli.js');
  const proc = startProcess('ses', process.execPath, [bin, '--host', '127.0.0.1', '--port', String(options.port)], {
    logFile: options.logFile,
  });
  return processReady(proc, 'SES emulator', () => httpAnswers(`http://127.0.0.1:${options.port}/store`));
}
