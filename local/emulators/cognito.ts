import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startProcess, type ManagedProcess } from '../process/child-process';
import { httpAnswers, processReady } from '../process/wait-until-ready';

/**
 * Starts cognito-local with its data under `dataDir/.cognito`. Tokens name `http://127.0.0.1:{issuerPort}` as
 * issuer (the published port, whose proxy serves the JWKS: local/stack.ts), so the JWT checks match the real
 * Cognito shape `{issuer}/{poolId}`.
 */
export async function startCognito(options: {
  port: number;
  /** The published port the issuer names; by default `port`. */
  issuerPort?: number;
  dataDir: string;
  logFile: string;
  fixedCode?: string;
  onOutput?: (text: string) => void;
}): Promise<ManagedProcess> {
  const cognitoDir = join(options.dataDir, '.cognito');
  mkdirSync(cognitoDir, { recursive: true });
  writeFileSync(
    join(cognitoDir, 'config.json'),
    JSON.stringify(
      { TokenConfig: { IssuerDomain: `http://127.0.0.1:${options.issuerPort ?? options.port}` } },
      null,
      2,
    ),
  );
  const bin = join(dirname(createRequire(import.meta.url).resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const proc = startProcess('cognito', process.execPath, [bin], {
    cwd: options.dataDir,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      FORCE_COLOR: '0',
      ...(options.fixedCode ? { CODE: options.fixedCode } : {}),
    },
    logFile: options.logFile,
    onOutput: options.onOutput,
  });
  return processReady(proc, 'cognito-local', () => httpAnswers(`http://127.0.0.1:${options.port}/health`));
}
