import { describe, expect, it } from 'vitest';
import * as messages from '../../core/messages';
import { codeLinesMatching, sourceFiles } from '../support/source-files';

const SCANNED = sourceFiles(['web/src', 'core', 'lambdas']);

/** A string literal starting with a page area or a top-level page, followed by the end, a '/', '?' or '${'. */
const PAGE_PATH_LITERAL =
  /['"`]\/(customer|admin|auth|ampleye-virtual-consultant|terms|settings|error)(?=['"`/?]|\$\{)/;

describe('page paths have one home', () => {
  it('no page path is written as a string outside core/page-paths.ts (links use PAGE_PATHS and pagePaths)', () => {
    const files = SCANNED.filter((file) => file !== 'core/page-paths.ts');
    expect(codeLinesMatching(files, (line) => PAGE_PATH_LITERAL.test(line))).toEqual([]);
  });

  it('the scan recognises the shapes a stray path takes, and leaves documents and API paths alone', () => {
    for (const stray of [
      "'/customer/home'",
      '"/auth/login"',
      '`/customer/orders/${id}`',
      "'/admin/order-approval?x=1'",
    ]) {
      expect(PAGE_PATH_LITERAL.test(stray), stray).toBe(true);
    }
    expect(PAGE_PATH_LITERAL.test("'/terms.pdf'")).toBe(false);
    expect(PAGE_PATH_LITERAL.test("'/api/getOrder'")).toBe(false);
  });
});

describe('shared user messages have one home', () => {
  const texts: string[] = Object.values(messages).flatMap((group) => Object.values(group as Record<string, string>));

  it('core/messages.ts holds each text once', () => {
    expect(texts.length).toBeGreaterThan(20);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('no server or web source spells one of its texts out again (they import it)', () => {
    const files = SCANNED.filter((file) => file !== 'core/messages.ts');
    const quoted = texts.flatMap((text) => [`'${text}'`, `"${text}"`, `\`${text}\``, `>${text}<`]);
    expect(codeLinesMatching(files, (line) => quoted.some((q) => line.includes(q)))).toEqual([]);
  });
});

describe('errors reach logs one way', () => {
  /** Not log lines: a directory error keeps the SDK's message as its own, and the boot page shows the cause. */
  const NOT_LOGGING = ['lambdas/adapters/cognito-user-directory.ts', 'web/src/app/start.tsx', 'web/src/main.tsx'];

  it('no source turns a caught error into text by hand; describeError (core/describe-error.ts) masks secrets', () => {
    const files = sourceFiles(['core', 'lambdas', 'web/src', 'local', 'scripts']).filter(
      (file) => file !== 'core/describe-error.ts' && !NOT_LOGGING.includes(file),
    );
    expect(codeLinesMatching(files, (line) => /instanceof Error \?/.test(line))).toEqual([]);
  });
});
