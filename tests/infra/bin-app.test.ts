import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../../infra/repo-paths';

/** Runs bin/app.ts the way the CDK CLI does: context arrives in CDK_CONTEXT_JSON. */
function runApp(context: Record<string, string>) {
  const result = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['bin/app.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('bin/app.ts stage selection (-c stage=...)', () => {
  test('an unknown stage stops the app with the list of known stages', () => {
    const { status, stderr } = runApp({ stage: 'qa' });
    expect(status).not.toBe(0);
    expect(stderr).toContain('Unknown stage "qa". Known stages: local, staging, prod.');
  });

  test('the local stage is refused: it runs on emulators, not in AWS', () => {
    const { status, stderr } = runApp({ stage: 'local' });
    expect(status).not.toBe(0);
    expect(stderr).toContain('The "local" stage runs on emulators (npm start) and is not deployed to AWS.');
  });
});
