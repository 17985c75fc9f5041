import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      // The browser bundle must never pull server code (ARCHITECTURE "Which way imports run").
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
      'no-restricted-imports': ['error', { patterns: ['**/web/**', '**/infra/**', '**/local/**', 'aws-cdk-lib*'] }],
    },
  },
);
