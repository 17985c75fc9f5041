import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as messages from '../../core/messages';
import { accountNumberSchema } from '../../core/schemas/account-number';
import { invoiceNumberSchema } from '../../core/schemas/money';
import { codeLinesMatching, REPO_ROOT, sourceFiles } from '../support/source-files';

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');
/** The text of `source` from `start` up to `end`; fails loudly when a marker moved. */
function between(source: string, start: string, end: string): string {
  const from = source.indexOf(start);
  const to = source.indexOf(end, from);
  expect(from, start).toBeGreaterThanOrEqual(0);
  expect(to, end).toBeGreaterThan(from);
  return source.slice(from, to);
}

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

describe('account and invoice numbers are normalised once, by their schemas', () => {
  /**
   * An account or invoice number (or an account filter) upper-cased by hand: `accountNumber.toUpperCase()`,
   * `account.trim().toUpperCase()`, `input.invoiceNumber.toUpperCase()`.
   */
  const UPPER_CASED_NUMBER = /(account|invoice)\w*\??\.(trim\(\)\.)?toUpperCase\(\)/i;

  it('the schemas hand on the stored spelling: trimmed and upper-case', () => {
    expect(accountNumberSchema.parse(' bv-1001 ')).toBe('BV-1001');
    expect(invoiceNumberSchema.parse('inv-7')).toBe('INV-7');
  });

  it('no use case or handler upper-cases an account or invoice number again (inputs arrive normalised)', () => {
    const files = sourceFiles(['lambdas/use-cases', 'lambdas/handlers']);
    expect(codeLinesMatching(files, (line) => UPPER_CASED_NUMBER.test(line))).toEqual([]);
  });

  it('the scan recognises the shapes a second normalisation takes, and leaves other upper-casing alone', () => {
    for (const stray of [
      'const accountNumber = input.accountNumber.toUpperCase();',
      'accountNumber: input.accountNumber?.toUpperCase(),',
      'const wanted = account.trim().toUpperCase();',
      'const invoiceNumber = input.invoiceNumber.toUpperCase();',
    ]) {
      expect(UPPER_CASED_NUMBER.test(stray), stray).toBe(true);
    }
    expect(UPPER_CASED_NUMBER.test('paymentId.slice(0, 8).toUpperCase()')).toBe(false);
  });
});

describe('order limits have one home (ORDER_LIMITS in core/schemas/order-keys.ts)', () => {
  /** A constant named like an order-size limit: `MAX_LINES`, `maxQuantity`, `ORDER_LIMITS`, `QUANTITY_LIMIT`. */
  const LIMIT_CONSTANT =
    /\b(const|let)\s+\w*(max_?(order_?)?(lines|quantity|lenses)|order_?(size_?)?limits?|(quantity|lines)_?(max|limit))\w*\s*[=:]/i;
  /** A number written where a limit goes: an input's bounds, a clip before saving, a schema check. */
  const LITERAL_LIMIT =
    /(maxLength|max|min)=\{\d|clip\([^)]*,\s*\d|<=\s*\d|(maxLength|lte|gte)\([1-9]|(Line|Text)\('[^']*',\s*\d/;

  it('no other source declares an order-size limit of its own', () => {
    const files = sourceFiles(['core', 'lambdas', 'web/src']).filter((file) => file !== 'core/schemas/order-keys.ts');
    expect(codeLinesMatching(files, (line) => LIMIT_CONSTANT.test(line))).toEqual([]);
  });

  it('the order and draft schemas and the order form read ORDER_LIMITS, never a number of their own', () => {
    const form = sourceFiles(['web/src']).filter((file) => read(file).includes('ORDER_LIMITS'));
    expect(form.length).toBeGreaterThanOrEqual(3);
    const schemas = read('core/schemas/orders.ts');
    const sections = [
      between(schemas, 'const orderLineFields', 'export type OrderFields'),
      between(schemas, 'function orderDraftShape', 'export const orderDraftSchema'),
    ];
    const numbers = sections.flatMap((section) => section.split('\n').filter((line) => LITERAL_LIMIT.test(line)));
    expect([...numbers, ...codeLinesMatching(form, (line) => LITERAL_LIMIT.test(line))]).toEqual([]);
  });

  it('the scans recognise a second limit', () => {
    for (const stray of ['const MAX_LINES = 2;', 'export const maxQuantity = 10;', 'const ORDER_LIMIT = {']) {
      expect(LIMIT_CONSTANT.test(stray), stray).toBe(true);
    }
    for (const stray of [
      'maxLength={80}',
      'max={10}',
      'clip(values.patient, 80)',
      'quantity <= 10',
      "requiredLine('Patient', 80)",
      'z.lte(10)',
    ]) {
      expect(LITERAL_LIMIT.test(stray), stray).toBe(true);
    }
    expect(LITERAL_LIMIT.test('maxLength={ORDER_LIMITS.patient}')).toBe(false);
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
