import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/source-files';

/**
 * The import rules of eslint-boundaries.config.js, run through ESLint's own API on snippets that break them:
 * each rule must fire, so a zone that stops matching (a moved folder, a resolver that no longer finds
 * TypeScript files) fails here instead of letting every import through. The snippets are linted under
 * made-up file names in the real folders, with the repo's real config.
 */

const ROOT = path.resolve(__dirname, '../..');
let eslint: ESLint;

// Loading the config and its parsers takes seconds on a busy machine: once, before the cases.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export {};\n', { filePath: path.join(ROOT, 'core/boundary-probe.ts') });
}, 120_000);

/** The rule ids and messages ESLint reports for `code` as if it were the file at `file` (repo-relative). */
async function problemsOf(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const boundaryProblems = async (file: string, code: string) =>
  (await problemsOf(file, code)).filter((p) => p.rule === 'import-x/no-restricted-paths');

describe('import boundaries (eslint-boundaries.config.js)', { timeout: 30_000 }, () => {
  it("a web feature may not import another feature's internals", async () => {
    const problems = await boundaryProblems(
      'web/src/features/users/components/boundary-probe.tsx',
      "import { PasswordField } from '../../auth/components/password-field';\nexport const used = PasswordField;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('public index.ts');
  });

  it("a web feature may import another feature's public index.ts, and its own files", async () => {
    expect(
      await boundaryProblems(
        'web/src/features/users/components/boundary-probe.tsx',
        "import { PasswordField } from '../../auth';\nimport { UserList } from './user-list';\nexport const used = [PasswordField, UserList];\n",
      ),
    ).toEqual([]);
  });

  it("the app may not import a feature's internals, not even by import()", async () => {
    const problems = await boundaryProblems(
      'web/src/app/routes/boundary-probe.tsx',
      "import { LoginForm } from '../../features/auth/components/login-form';\n" +
        "export const used = [LoginForm, () => import('../../features/auth/components/sign-up-form')];\n",
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]!.message).toContain('The app imports a feature only through its public index.ts');
  });

  it("the app may import a feature's public index.ts", async () => {
    expect(
      await boundaryProblems(
        'web/src/app/routes/boundary-probe.tsx',
        "import { LoginForm } from '../../features/auth';\nimport { OrderFormPage } from '../../features/orders/index';\nexport const used = [LoginForm, OrderFormPage];\n",
      ),
    ).toEqual([]);
  });

  it('shared web code may not import a feature', async () => {
    const problems = await boundaryProblems(
      'web/src/components/boundary-probe.tsx',
      "import { PasswordField } from '../features/auth';\nexport const used = PasswordField;\n",
    );
    expect(problems).toHaveLength(1);
  });

  it('a web feature may not import the app', async () => {
    const problems = await boundaryProblems(
      'web/src/features/orders/components/boundary-probe.tsx',
      "import { PORTAL_ROUTES } from '../../../app/route-table';\nexport const used = PORTAL_ROUTES;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('Features do not import the app');
  });

  it('a use case may not import the HTTP layer or an adapter', async () => {
    const problems = await boundaryProblems(
      'lambdas/use-cases/orders/boundary-probe.ts',
      [
        "import { createLogger } from '../../http/logger';",
        "import { dynamoOrdersRepository } from '../../adapters/dynamo-orders-repository';",
        'export const used = [createLogger, dynamoOrdersRepository];',
        '',
      ].join('\n'),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]!.message).toContain('Use cases depend on ports');
  });

  it('a use case may import ports and core', async () => {
    expect(
      await boundaryProblems(
        'lambdas/use-cases/orders/boundary-probe.ts',
        "import type { Logger } from '../../ports/logger';\nimport { notFound } from '../../../core/errors';\nexport const used = (log: Logger) => [log, notFound];\n",
      ),
    ).toEqual([]);
  });

  it("a use-case domain may not import another domain's files, only its index.ts", async () => {
    const problems = await boundaryProblems(
      'lambdas/use-cases/customers/boundary-probe.ts',
      "import { USER_NOT_FOUND } from '../users/directory-failure';\nexport const used = USER_NOT_FOUND;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('only through its index.ts');
    expect(
      await boundaryProblems(
        'lambdas/use-cases/customers/boundary-probe.ts',
        "import { USER_NOT_FOUND } from '../users';\nimport { linkWriteError } from './customer-errors';\nexport const used = [USER_NOT_FOUND, linkWriteError];\n",
      ),
    ).toEqual([]);
  });

  it('the kernel may not import a domain, an adapter or an entry point', async () => {
    const problems = await boundaryProblems(
      'lambdas/kernel/boundary-probe.ts',
      [
        "import { USER_NOT_FOUND } from '../use-cases/users';",
        "import { createLogger } from '../http/logger';",
        'export const used = [USER_NOT_FOUND, createLogger];',
        '',
      ].join('\n'),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]!.message).toContain('The kernel is below every domain');
  });

  it('an adapter may not import a use case', async () => {
    const problems = await boundaryProblems(
      'lambdas/adapters/boundary-probe.ts',
      "import { getOrder } from '../use-cases/orders/get-order';\nexport const used = getOrder;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('Adapters implement ports');
  });

  it('infra may not import lambdas/', async () => {
    const problems = await boundaryProblems(
      'infra/boundary-probe.ts',
      "import { ORDER_FILES } from '../lambdas/ports/attached-files';\nexport const used = ORDER_FILES;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain('infra');
  });

  it('Lambda code may not import an AWS SDK client, Stripe or EasyPost at run time; their types and util-dynamodb are fine', async () => {
    const restricted = async (code: string) =>
      (await problemsOf('lambdas/adapters/boundary-probe.ts', code)).filter((p) => p.rule === 'no-restricted-imports');
    for (const code of [
      "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const used = DynamoDBClient;\n",
      "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const used = GetCommand;\n",
      "import { NodeHttpHandler } from '@smithy/node-http-handler';\nexport const used = NodeHttpHandler;\n",
      "import Stripe from 'stripe';\nexport const used = Stripe;\n",
      "import EasyPost from '@easypost/api';\nexport const used = EasyPost;\n",
    ]) {
      const problems = await restricted(code);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toContain('lambdas/adapters/aws/');
    }
    expect(
      await restricted(
        "import type { GetCommandInput } from '@aws-sdk/lib-dynamodb';\nimport { marshall } from '@aws-sdk/util-dynamodb';\nexport const used = (i: GetCommandInput) => marshall(i);\n",
      ),
    ).toEqual([]);
  });

  it('Lambda code may not import pdf-lib or its font package; scripts and tests may', async () => {
    const restricted = async (file: string, code: string) =>
      (await problemsOf(file, code)).filter((p) => p.rule === 'no-restricted-imports');
    for (const code of [
      "import { PDFDocument } from 'pdf-lib';\nexport const used = PDFDocument;\n",
      "import { Font } from '@pdf-lib/standard-fonts';\nexport const used = Font;\n",
    ]) {
      const problems = await restricted('lambdas/documents/boundary-probe.ts', code);
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toContain('lambdas/documents/pdf-writer.ts');
    }
    expect(
      await restricted(
        'scripts/boundary-probe.ts',
        "import { PDFDocument } from 'pdf-lib';\nexport const used = PDFDocument;\n",
      ),
    ).toEqual([]);
  });

  it('zod comes only from core/zod.ts, as a namespace (zod/mini with English messages; small bundles)', async () => {
    const zodProblems = async (file: string, code: string) =>
      (await problemsOf(file, code)).filter((p) => p.rule === 'no-restricted-syntax').map((p) => p.message);
    for (const code of [
      "import * as z from 'zod';\nexport const s = z.string();\n",
      "import * as z from 'zod/mini';\nexport const s = z.string();\n",
      "export * from 'zod';\n",
      "export const load = () => import('zod');\n",
      "import { z } from '../zod';\nexport const s = z.string();\n",
    ]) {
      const problems = await zodProblems('core/schemas/boundary-probe.ts', code);
      expect(problems, code).toHaveLength(1);
      expect(problems[0], code).toContain('core/zod');
    }
    expect(
      await zodProblems(
        'core/schemas/boundary-probe.ts',
        "import * as z from '../zod';\nimport type * as zt from '../zod';\nexport const s: zt.ZodMiniString = z.string();\n",
      ),
    ).toEqual([]);
  });

  describe('no import cycles', () => {
    // A cycle needs both files on disk (the second imports the first back); a throw-away folder under
    // local/, which the rule covers, removed afterwards.
    const dir = path.join(ROOT, 'local', `.cycle-probe-${process.pid}`);
    beforeAll(() => {
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('two modules importing each other are reported', async () => {
      const problems = await problemsOf(
        path.relative(ROOT, path.join(dir, 'a.ts')),
        fs.readFileSync(path.join(dir, 'a.ts'), 'utf8'),
      );
      expect(problems.map((p) => p.rule)).toContain('import-x/no-cycle');
    });

    it('lambdas/ and core/ have no cycle, type-only imports included (the lint rule skips those)', () => {
      expect(importCycles(sourceFiles(['lambdas', 'core']))).toEqual([]);
    });

    it('the walk finds a cycle made only of type imports', () => {
      const a = path.relative(ROOT, path.join(dir, 'types-a.ts'));
      const b = path.relative(ROOT, path.join(dir, 'types-b.ts'));
      fs.writeFileSync(path.join(ROOT, a), "import type { B } from './types-b';\nexport type A = { b?: B };\n");
      fs.writeFileSync(path.join(ROOT, b), "import type { A } from './types-a';\nexport type B = { a?: A };\n");
      const cycles = importCycles([a, b]);
      expect(cycles).toHaveLength(1);
      expect(sameFiles(cycles[0]!, [a, b])).toBe(true);
    });
  });
});

const sameFiles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((file) => b.includes(file));

/** The groups of files (repo-relative) that import each other, directly or round a loop, by any import. */
function importCycles(files: readonly string[]): string[][] {
  const known = new Set(files);
  const resolve = (from: string, spec: string) =>
    [`${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`, spec]
      .map((candidate) => path.join(path.dirname(from), candidate))
      .find((candidate) => known.has(candidate));
  const imports = new Map(
    files.map((file) => {
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      const specs = [...source.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
      return [file, specs.flatMap((spec) => resolve(file, spec) ?? [])];
    }),
  );
  // Tarjan's strongly connected components: every group of two or more files is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of imports.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) cycles.push(group);
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
