/**
 * What the browser journeys share: the seeded demo logins, signing in, the layout's landmarks, the page's
 * Amplify ID token, the stack's runtime config and optional screenshots.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Browser, type Page, type ViewportSize } from '@playwright/test';
import { totpCode } from '../../../local/cognito-bridge/totp';
import { freshTotpCodes, nextTotpStep, spendTotpCode } from '../../support/totp-codes';
import { DEMO_USERS, type DemoUser } from '../../../local/seed/demo-data';

/**
 * The few browser globals the journeys read inside `page.evaluate`; the node tsconfig has no DOM library,
 * so callbacks cast `globalThis` to this (the cast is type-only and vanishes from the code sent to the page).
 */
export interface PageGlobals {
  localStorage: {
    readonly length: number;
    key(index: number): string | null;
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
  };
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
  navigator: { clipboard: { readText(): Promise<string> } };
}

/** A seeded demo login (local/seed/demo-data.ts), the same `npm start` prints. */
export function demo(key: DemoUser['key']): DemoUser {
  const user = DEMO_USERS.find((u) => u.key === key);
  if (!user) throw new Error(`No demo user ${key}`);
  return user;
}

/**
 * Fills in and sends the sign-in form of the current page. Lab staff (a `totpSecret`) then enter the current
 * code of their authenticator app (the demo staff's secrets are documented).
 */
export async function signIn(
  page: Page,
  user: Pick<DemoUser, 'email' | 'password'> & { totpSecret?: string | undefined },
): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (user.totpSecret) await enterTotpCode(page, user.totpSecret);
}

/**
 * The second step of a staff sign-in: an authenticator code for this secret. The bridge refuses a code already
 * used, as Cognito does, so the code is one this process has not spent; when another journey spent it first,
 * the page says the code is wrong and the next accepted one is entered.
 */
export async function enterTotpCode(page: Page, secret: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  let codes = await freshTotpCodes(secret);
  if (codes.length === 0) {
    await nextTotpStep();
    codes = await freshTotpCodes(secret);
  }
  for (const code of codes) {
    if (!spendTotpCode(secret, code)) continue;
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'That code is not correct' });
    const outcome = await Promise.race([
      page
        .getByRole('heading', { name: 'Two-step verification' })
        .waitFor({ state: 'detached' })
        .then(() => 'in'),
      refused.waitFor().then(() => 'refused'),
    ]);
    if (outcome === 'in') return;
  }
}

/**
 * A staff member's first sign-in: reads the setup key the page shows (as a person would type it into an
 * authenticator app), enters the app's first code, then its next one to sign in again, and returns the secret
 * for later sign-ins.
 */
export async function setUpTotp(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByLabel('Setup key', { exact: true }).inputValue()).replace(/\s/g, '');
  const code = await totpCode(secret);
  spendTotpCode(secret, code);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  // A new authenticator ends the password-only session: the sign-in starts again with the app's next code.
  await expect(page.getByText(/Your authenticator app is set up\. To finish signing in/)).toBeVisible();
  await enterTotpCode(page, secret);
  return secret;
}

/** A navigation that waits on the stack (a first sign-in, a cold page): more than the default expect timeout. */
export const SLOW = { timeout: 20_000 };

/** Where each demo login lands after signing in. */
export const HOME_OF: Record<DemoUser['key'], RegExp> = {
  superAdmin: /\/admin\/home$/,
  admin: /\/admin\/home$/,
  customer: /\/customer\/home$/,
  secondPractice: /\/customer\/home$/,
  unlinkedCustomer: /\/auth\/request$/,
  termsPending: /\/terms$/,
  practiceStaff: /\/customer\/home$/,
  practiceBiller: /\/customer\/home$/,
};

/** Amplify's stored tokens of a staff login signed in through the form in this test process. */
const staffSessions = new Map<DemoUser['key'], [string, string][]>();

const storedTokens = (page: Page) =>
  page.evaluate((prefix) => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    const entries: [string, string][] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith(prefix)) entries.push([key, localStorage.getItem(key) ?? '']);
    }
    return entries;
  }, 'CognitoIdentityServiceProvider.');

/**
 * Signs a demo login in on this page and waits for its home. A staff login goes through the form (password, then an
 * authenticator code) once per test process; later journeys get a copy of that session's stored tokens, as a
 * second tab of the same browser would. The bridge accepts each code once, as Cognito does, three codes a 30 s
 * step, so every further staff sign-in through the form would wait up to 30 s for the next step. The sign-in form
 * itself, the code step included, is what the journeys calling `signIn` test; a journey that signs out (which
 * ends the session for every copy) signs in with `signIn`.
 */
export async function signInAs(page: Page, key: DemoUser['key'], home: RegExp = HOME_OF[key]): Promise<void> {
  const user = demo(key);
  await page.goto('/auth/login');
  const saved = user.totpSecret ? staffSessions.get(key) : undefined;
  if (saved) {
    await page.evaluate((entries) => {
      const { localStorage } = globalThis as unknown as PageGlobals;
      for (const [name, value] of entries) localStorage.setItem(name, value);
    }, saved);
    await page.goto('/auth/login'); // the sign-in page sends a signed-in user home
  } else {
    await signIn(page, user);
  }
  await expect(page).toHaveURL(home, SLOW);
  if (user.totpSecret && !saved) staffSessions.set(key, await storedTokens(page));
}

/** A new browser context (its own storage, like another computer) with a page signed in as the demo login. */
export async function signedInPage(
  browser: Browser,
  key: DemoUser['key'],
  viewport: ViewportSize = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signInAs(page, key);
  return page;
}

export const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The ID token Amplify keeps in the page's local storage (`CognitoIdentityServiceProvider.<client>.<user>.idToken`). */
export async function idTokenInPage(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken')) {
        return localStorage.getItem(key);
      }
    }
    return null;
  });
  if (!token) throw new Error('No Amplify ID token in the page');
  return token;
}

/** Calls a portal route the way the web app does (`POST /api/{name}` with `{ data }`, spec 7). */
export function callRoute(request: APIRequestContext, name: string, idToken: string, data: unknown = {}) {
  return request.post(`/api/${name}`, { data: { data }, headers: { authorization: `Bearer ${idToken}` } });
}

/** The SES emulator's address, from the runtime config the stack serves (`mailboxUrl`). */
export async function mailboxUrl(request: APIRequestContext): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as { mailboxUrl?: string };
  if (!config.mailboxUrl) throw new Error('The runtime config names no mailboxUrl');
  return config.mailboxUrl;
}

/**
 * Saves a screenshot for a person to look at when E2E_SCREENSHOT_DIR is set
 * (`E2E_SCREENSHOT_DIR=/tmp/shots npx playwright test`); a no-op otherwise, so runs stay fast.
 */
export async function screenshotForReview(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}
