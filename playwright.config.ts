import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests (tests/e2e) against the whole local stack: emulated AWS services, the local API gateway and
 * the built web app (`vite build` first; `npm run test:e2e` does both). The stack runs on its own ports
 * (base 4900) with throw-away data, so it never touches a developer's `npm start` (base 4800).
 * Debian's Chromium is used; Playwright's browser downloads are never needed.
 */
// E2E_PORT_BASE lets two runs share a machine (e.g. a developer's run beside CI's).
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4900);
const BASE_URL = `http://127.0.0.1:${PORT_BASE}`;
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e',
  use: {
    baseURL: BASE_URL,
    headless: true,
    // As a user who asks for less motion: spinners stop (web/src/styles/global.css), so Chromium draws a frame only
    // when the page changes. Measured on the orders journeys: its GPU process 20 -> 12 CPU s, the run 78 -> 60 s.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx local/start.ts --ephemeral',
    url: `${BASE_URL}/config.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets the stack stop its emulators (the default SIGKILL would leave them running on the ports).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      LENSLAB_PORT_BASE: String(PORT_BASE),
      // cognito-local's fixed verification code (CODE=), so journeys can confirm emails without a mailbox.
      LENSLAB_FIXED_CODE: '123456',
    },
  },
});
