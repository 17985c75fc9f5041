import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { describe, expect, test } from 'vitest';
import { bundleFunctions, FUNCTION_BUNDLE_PREFIX, functionBundleDir } from '../../infra/function-bundles';
import { eventEntry } from '../../infra/repo-paths';
import { synthPortal, tempDir } from './support/synth-portal';

const bundleFolders = (dir: string) => readdirSync(dir).filter((name) => name.startsWith(FUNCTION_BUNDLE_PREFIX));
const appIn = (outdir: string) => new App({ outdir });

// The small event consumers: one esbuild pass over them takes a second or two.
const emailFeedback = { name: 'event:email-feedback', entry: eventEntry('email-feedback') };
const outboxStream = { name: 'event:outbox-stream', entry: eventEntry('outbox-stream') };

describe('function bundles (one esbuild pass per cloud assembly)', () => {
  test('placeholder code bundles nothing', () => {
    const { assemblyDir } = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
    expect(bundleFolders(assemblyDir)).toEqual([]);
  });

  test('a function whose entry was not bundled is refused with the list to add it to', () => {
    const app = appIn(tempDir('lenslab-bundles-'));
    expect(() => functionBundleDir(app, eventEntry('email-feedback'))).toThrow(
      /email-feedback\.ts was not bundled: list it in infra\/lambda-entries\.ts/,
    );
  });

  test("an earlier synth's bundles are removed; a later call bundles only the entries not bundled yet", () => {
    const outdir = tempDir('lenslab-bundles-');
    mkdirSync(join(outdir, `${FUNCTION_BUNDLE_PREFIX}gone`));
    writeFileSync(join(outdir, `${FUNCTION_BUNDLE_PREFIX}gone`, 'index.mjs'), '');
    const app = appIn(outdir);

    bundleFunctions(app, [emailFeedback]);
    expect(bundleFolders(outdir)).toEqual([`${FUNCTION_BUNDLE_PREFIX}event-email-feedback`]);
    const first = join(functionBundleDir(app, emailFeedback.entry), 'index.mjs');
    const firstWritten = statSync(first).mtimeMs;

    bundleFunctions(app, [emailFeedback, outboxStream]);
    expect(bundleFolders(outdir).sort()).toEqual(
      [`${FUNCTION_BUNDLE_PREFIX}event-email-feedback`, `${FUNCTION_BUNDLE_PREFIX}event-outbox-stream`].sort(),
    );
    expect(statSync(first).mtimeMs).toBe(firstWritten);
    expect(existsSync(join(functionBundleDir(app, outboxStream.entry), 'index.mjs.map'))).toBe(true);
  });

  test('two entries may not share a bundle folder', () => {
    const app = appIn(tempDir('lenslab-bundles-'));
    expect(() => bundleFunctions(app, [emailFeedback, { ...outboxStream, name: emailFeedback.name }])).toThrow(
      /share the bundle name "function-bundle-event-email-feedback"/,
    );
  });
});
