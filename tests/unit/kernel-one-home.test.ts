import { describe, expect, it } from 'vitest';
import { codeLinesMatching, sourceFiles } from '../support/source-files';

/** The back end outside its kernel: every domain, port, adapter, handler and job. */
const OUTSIDE_KERNEL = sourceFiles(['lambdas']).filter((file) => !file.startsWith('lambdas/kernel/'));

/** A declaration (const, let, function, class) of one of these names. */
const declares = (names: readonly string[]) => {
  const declaration = new RegExp(`\\b(const|let|var|function|class)\\s+(${names.join('|')})\\b`);
  return (line: string) => declaration.test(line);
};

/** A read-decide-write loop counting its attempts: what retryOnRefusal (lambdas/kernel/retry.ts) runs. */
const RETRY_LOOP = /\bfor \(let attempt\b/;

/** Retries of a remote API's own throttling and network errors, by the SDKs' rules: transport, not refusals. */
const TRANSPORT_RETRIES = ['lambdas/adapters/aws/aws-request.ts'];

describe('the back-end kernel is the one home of time, retries, refusals and notices', () => {
  it('no one declares its own clock, sleep or backoff (lambdas/kernel/clock.ts and retry.ts)', () => {
    expect(
      codeLinesMatching(OUTSIDE_KERNEL, declares(['nowOf', 'sleepOf', 'sleep', 'pause', 'wait', 'backoffMs'])),
    ).toEqual([]);
  });

  it('no one falls back to the wall clock or makes a sleep by hand: deps require the clock, handlers pass it', () => {
    const fallback = /\?\?\s*\(\(\)\s*=>\s*new Date\(\)\)|new Promise[^;]*setTimeout\(resolve/;
    expect(codeLinesMatching(OUTSIDE_KERNEL, (line) => fallback.test(line))).toEqual([]);
  });

  it('no one writes a retry loop of its own (retryOnRefusal)', () => {
    const files = OUTSIDE_KERNEL.filter((file) => !TRANSPORT_RETRIES.includes(file));
    expect(codeLinesMatching(files, (line) => RETRY_LOOP.test(line))).toEqual([]);
  });

  it('no one sends a notice its own safe way (the outbox, or sendBestEffort in lambdas/kernel/notify.ts)', () => {
    expect(codeLinesMatching(OUTSIDE_KERNEL, declares(['notifySafely', '\\w*[sS]afely']))).toEqual([]);
  });

  it('a store refuses a write with WriteRefused and its own reasons, never a class of its own', () => {
    const refusalClass = /\bclass \w*(Refus|Conflict)\w*/;
    expect(codeLinesMatching(OUTSIDE_KERNEL, (line) => refusalClass.test(line))).toEqual([]);
  });

  it('the scans recognise what they look for', () => {
    expect(declares(['nowOf', 'backoffMs'])('export const nowOf = (deps) => deps.now();')).toBe(true);
    expect(declares(['backoffMs'])('export function backoffMs(attempt: number): number {')).toBe(true);
    expect(declares(['backoffMs'])('await deps.sleep(backoffMs(attempt, rule));')).toBe(false);
    expect(declares(['notifySafely', '\\w*[sS]afely'])('async function emailSafely(deps) {')).toBe(true);
    expect(RETRY_LOOP.test('  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {')).toBe(true);
  });
});
