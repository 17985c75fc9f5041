import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, test } from 'vitest';
import { bundleFileName, esbuildOptionsOf, LAMBDA_BUNDLING } from '../../../infra/lambda-bundling';
import { handlerEntry } from '../../../infra/repo-paths';
import { resolveStack } from '../../../scripts/resolve-stack';

const dir = mkdtempSync(join(tmpdir(), 'resolve-stack-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/resolve-stack.ts: a logged Lambda stack read as TypeScript positions', () => {
  test("the minified positions of a deployed bundle map to the source lines that threw; the runtime's frames do not", async () => {
    // A function bundled as the stack bundles it, started without its environment: it throws at import.
    const file = join(dir, bundleFileName());
    await build({
      ...esbuildOptionsOf(handlerEntry('profile/get-my-profile'), file, LAMBDA_BUNDLING),
      logLevel: 'silent',
    });
    const run = spawnSync(process.execPath, [file], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
    const trace = run.stderr
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n');
    expect(trace).toMatch(/index\.mjs:\d+:\d+/);

    const resolved = resolveStack(trace, JSON.parse(readFileSync(`${file}.map`, 'utf8')));
    // lambdas/env.ts line 5 is the `throw` of a missing variable.
    expect(resolved.split('\n')[0]).toMatch(/\(lambdas\/env\.ts:5:\d+\)$/);
    expect(resolved).not.toMatch(/index\.mjs:\d+:\d+/);

    // The Lambda runtime's own frames, and lines the map does not have, are not the bundle's positions.
    const payload = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    const runtime = '    at process.processTicksAndRejections (file:///var/runtime/index.mjs:1173:29)';
    expect(resolveStack(runtime, payload)).toBe(runtime);
    const pastTheEnd = '    at x (file:///var/task/index.mjs:99999:1)';
    expect(resolveStack(pastTheEnd, payload)).toBe(pastTheEnd);
  });

  test('lines that are not bundle positions are left as they are', () => {
    const payload = {
      version: 3,
      file: 'index.mjs',
      sources: [],
      sourcesContent: [],
      names: [],
      mappings: '',
      sourceRoot: '',
    };
    expect(resolveStack('Error: boom\n    at node:internal/x:1:2', payload)).toBe(
      'Error: boom\n    at node:internal/x:1:2',
    );
  });
});
