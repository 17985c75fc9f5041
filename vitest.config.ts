import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Test layers (README "Tests"): unit (node), web (React components in jsdom), infra (CDK Template
 * assertions) and integration (handlers and adapters against the emulators, started once per run).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // One module cache per worker: the unit files share most of core/ and lambdas/, and importing them again
          // for every file was three quarters of the project's time (112 s against 33 s, 2 workers). A unit test
          // that changes module state must undo it (every file passes in any order: --sequence.shuffle).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Worker threads start faster than forked processes: 169 s against 208 s for the project on 2 cores. Each
          // file keeps its own modules and jsdom (the web files mock modules per file, which a shared cache breaks).
          pool: 'threads',
          setupFiles: ['tests/web/setup.ts'],
          // Typing with user-event into large forms is slow on a loaded 2-core machine (see setup.ts).
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One module cache per worker, so the stock synths of tests/infra/support/synth-portal.ts are made
          // once per worker instead of once per file (the infra step took minutes of repeated synths).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The outbox under failure: its own stack (no consumer of its own), email outages and killed consumers.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          globalSetup: ['tests/faults/global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
