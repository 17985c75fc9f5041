import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importBoundaries } from './eslint-boundaries.config.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'web/dist',
      'cdk.out',
      '.local',
      'coverage',
      'test-results',
      'playwright-report',
      'bench/.out',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle must never pull server code (docs/architecture.md "Which way imports run").
      'no-restricted-imports': ['error', { patterns: ['**/lambdas/**', '**/infra/**', '@aws-sdk/*', 'aws-cdk-lib*'] }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/lambdas/**',
            '**/web/**',
            '**/infra/**',
            '**/local/**',
            '@aws-sdk/*',
            'aws-cdk-lib*',
            'react*',
          ],
        },
      ],
    },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/infra/**', '**/local/**', 'aws-cdk-lib*'] },
            {
              // The SDK clients were most of every bundle and cold start: the Lambdas call AWS, Stripe and
              // EasyPost over fetch (lambdas/adapters/aws/, stripe-api.ts, easypost-api.ts;
              // docs/decisions/0073-lambda-bundles.md).
              group: [
                '@aws-sdk/client-*',
                '@aws-sdk/lib-*',
                '@aws-sdk/s3-*',
                '@aws-sdk/credential-*',
                '@smithy/*',
                'stripe',
                '@easypost/api',
              ],
              allowTypeImports: true,
              message:
                'Lambda code calls AWS through lambdas/adapters/aws/, Stripe through stripe-api.ts and EasyPost through easypost-api.ts.',
            },
            {
              // pdf-lib alone bundles to 432 KB, over the 250 KB a function may have (docs/decisions/0054-pdfs.md).
              group: ['pdf-lib', '@pdf-lib/*'],
              message: 'Lambda code writes PDFs with lambdas/documents/pdf-writer.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // zod has one home, core/zod.ts (zod/mini with its English messages), imported as a namespace: a re-exported
    // `z` object is one esbuild cannot shake, and full zod puts all of itself into every Lambda bundle
    // (docs/decisions/0073-lambda-bundles.md).
    files: ['**/*.{ts,tsx}'],
    ignores: ['core/zod.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ImportDeclaration', 'ImportExpression', 'ExportAllDeclaration', 'ExportNamedDeclaration'].map((node) => ({
          selector: `${node}[source.value=/^zod($|\\u002F)/]`,
          message: "Import zod from core/zod.ts: `import * as z from '.../core/zod'`.",
        })),
        {
          selector: 'ImportDeclaration[source.value=/(^|\\u002F)zod$/] > ImportSpecifier',
          message: "Import core/zod.ts as a namespace, `import * as z from '.../core/zod'`, so bundles stay small.",
        },
      ],
    },
  },
  ...importBoundaries,
);
