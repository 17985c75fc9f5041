import { expect, test, type Page, type Request } from '@playwright/test';
import { demo, screenshotForReview, signIn } from './support/portal';

/**
 * spec 2 "Inactivity popups", spec 4 "Session inactivity", spec 9 limits, with Playwright's fake clock
 * (installed before the page loads, so every timer of the app runs on it).
 *
 * Time only moves in the page: the emulators and the API check tokens against the real clock. The local
 * user pool client sets no token validity, so cognito-local's ID tokens last 24 h; Amplify still sees them
 * as valid after the page's clock jumps an hour, and the app's 55-minute token refresh (spec 4), which
 * fires during the jump, gets fresh tokens from the Cognito bridge. (In AWS the ID token lasts 1 h.)
 */

const MINUTE = 60_000;

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Session Timeout Warning' });
const expired = (page: Page) => page.getByRole('alertdialog', { name: 'Session Expired' });
const anyPopup = (page: Page) => page.getByRole('alertdialog');

/** Amplify's token refresh, sent to the Cognito bridge. */
const isTokenRefresh = (request: Request) =>
  (request.headers()['x-amz-target'] ?? '').endsWith('.GetTokensFromRefreshToken');

/** A fresh sign-in stamps the activity record at once (putActivity): the session's timers are then set up. */
async function signInAndWaitForTimers(page: Page, user: Parameters<typeof signIn>[1]): Promise<void> {
  const loginStamp = page.waitForRequest((r) => r.url().endsWith('/api/putActivity'));
  await signIn(page, user);
  await loginStamp;
}

/**
 * Stops the page's clock a little later than now: the timers due by then (the 500 ms start delay after
 * login, spec 4) fire and the session counts as active from the paused moment. From here on only the test
 * moves time, so idle durations are exact.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
}

/** Moves the page's clock on by `ms`, letting the activity sync (every 60 s) report once meanwhile. */
async function idleFor(page: Page, ms: number): Promise<void> {
  const synced = page.waitForRequest((r) => r.url().endsWith('/api/putActivity'));
  await page.clock.fastForward(ms);
  // The sync's report proves the page's timers ran, so an absent popup below is a real absence.
  await synced;
}

test.describe('session inactivity (spec 2 "Inactivity popups", spec 4 "Session inactivity", spec 9)', () => {
  test('after 55 idle minutes the warning counts down from 05:00; Continue Session restarts the timers; at 60 minutes the session expires', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/auth/login');
    const customer = demo('secondPractice');
    await signInAndWaitForTimers(page, customer);
    await expect(page).toHaveURL(/\/customer\/home$/);
    await pauseClock(page);

    // Not yet: 54 idle minutes show nothing.
    await idleFor(page, 54 * MINUTE);
    await expect(anyPopup(page)).toHaveCount(0);

    // spec 4, 9: the warning after 55 minutes, counting down 300 s in 1 s ticks (spec 2: mm:ss).
    await page.clock.fastForward(1 * MINUTE);
    await expect(warning(page)).toBeVisible();
    await expect(warning(page)).toContainText('you will be logged out in 05:00');
    await expect(warning(page).getByRole('button', { name: 'Logout' })).toBeVisible();
    await screenshotForReview(page, 'session-timeout-warning');
    await page.clock.runFor(1_000);
    await expect(warning(page).locator('time')).toHaveText('04:59');
    await page.clock.runFor(1_000);
    await expect(warning(page).locator('time')).toHaveText('04:58');

    // spec 4: Continue Session closes the warning and restarts the timers from now.
    const continued = page.waitForRequest((r) => r.url().endsWith('/api/putActivity'));
    await warning(page).getByRole('button', { name: 'Continue Session' }).click();
    await expect(anyPopup(page)).toHaveCount(0);
    await continued; // spec 4: Continue writes the activity time immediately
    await idleFor(page, 54 * MINUTE);
    await expect(anyPopup(page)).toHaveCount(0);
    await page.clock.fastForward(1 * MINUTE);
    // The installed clock also flows in real time, so a busy machine may already show the first tick.
    await expect(warning(page).locator('time')).toHaveText(/^(05:00|04:59)$/);

    // spec 4: the countdown running out expires the session: the popup shows and the user is logged out.
    const loggedOut = page.waitForRequest((r) => r.url().endsWith('/api/signOut'));
    await page.clock.fastForward(5 * MINUTE);
    await expect(expired(page)).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
    await loggedOut;
    // Logged out already: the page behind is the sign-in page; the popup stays until it is answered.
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fcustomer%2Fhome$/);
    await expect(expired(page)).toBeVisible();
    await screenshotForReview(page, 'session-expired');
    await expired(page).getByRole('button', { name: 'Return to Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(anyPopup(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('the popups never show on the virtual consultant page, even after an idle hour (spec 2)', async ({ page }) => {
    await page.clock.install();
    await page.goto('/auth/login');
    await signInAndWaitForTimers(page, demo('customer'));
    await expect(page).toHaveURL(/\/customer\/home$/);

    // A new page load: the session is restored and its timers start with a token refresh (spec 4).
    const restored = page.waitForRequest(
      (r) => isTokenRefresh(r) && page.url().includes('/ampleye-virtual-consultant'), // not the dashboard's
    );
    await page.goto('/ampleye-virtual-consultant');
    await expect(page.getByRole('heading', { name: 'Ampleye Virtual Consultant' })).toBeVisible();
    await restored;
    await pauseClock(page);
    await idleFor(page, 61 * MINUTE);
    await expect(anyPopup(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ampleye Virtual Consultant' })).toBeVisible();
  });

  test('the popups never show on auth pages: the session timers stop there (spec 2 public routes, spec 4)', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/auth/login');
    // A new practice lands on /auth/request (spec 4 ACCOUNTNUMBERNOTVERIFIED) and stays signed in there.
    await signInAndWaitForTimers(page, demo('unlinkedCustomer'));
    await expect(page).toHaveURL(/\/auth\/request$/);
    await pauseClock(page);
    await idleFor(page, 61 * MINUTE);
    await expect(anyPopup(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/request$/);
    await expect(page.getByRole('heading', { name: 'Account number not verified' })).toBeVisible();
  });
});

test.describe('no false state right after signing in (spec 4 startup check)', () => {
  test('a guarded page loaded within 200 ms of signing in, on a CPU slowed 4x, shows no Session Expired or other popup, four times over', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const customer = demo('secondPractice');
    for (let round = 1; round <= 4; round += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // A busy machine: the page's scripts run four times slower, so the sign-in's activity write lands late.
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/auth/login');
      await signIn(page, customer);
      await page.waitForURL(/\/customer\/home$/);
      const signedInAt = Date.now();
      // The restored session's startup check reads the stored activity record: the moment a false
      // "Session Expired" would show.
      const startupCheck = page.waitForResponse((r) => r.url().endsWith('/api/getMyActivity'), { timeout: 30_000 });
      const gap = Date.now() - signedInAt;
      await page.goto('/customer/credit', { waitUntil: 'commit' });
      expect(gap, `round ${round}: the guarded page was asked for within 200 ms of signing in`).toBeLessThan(200);
      await expect(page.getByRole('heading', { name: 'Lens Credit', level: 1 })).toBeVisible({ timeout: 30_000 });
      expect((await startupCheck).status()).toBe(200);
      // Two frames after the answer: the check's outcome has rendered.
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      await expect(anyPopup(page), `round ${round}`).toHaveCount(0);
      await expect(page).toHaveURL(/\/customer\/credit$/);
      await context.close();
    }
  });
});
