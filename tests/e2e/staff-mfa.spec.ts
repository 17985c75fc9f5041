import { expect, test } from '@playwright/test';
import { totpCode } from '../../local/cognito-bridge/totp';
import { horizontalOverflow, seriousA11yViolations } from './support/page-review';
import { callRoute, enterTotpCode, idTokenInPage, setUpTotp, signIn, signInAs } from './support/portal';

/**
 * Lab staff use two-step verification. A new admin sets up an authenticator at the first
 * sign-in (and cannot use the API before), then is asked for its code at every sign-in.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const WRONG_CODE_MESSAGE = 'That code is not correct. Enter the code your authenticator app shows now.';

/** A six-digit code that is none of the codes the bridge accepts now (this step, the one before or after). */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const accepted = new Set(await Promise.all([-60, -30, 0, 30, 60].map((d) => totpCode(secret, now + d))));
  let code = 0;
  while (accepted.has(String(code).padStart(6, '0'))) code += 1;
  return String(code).padStart(6, '0');
}

test('a new admin sets up an authenticator at the first sign-in, then signs in with its code', async ({
  page,
  browser,
  request,
}) => {
  // Five sign-in steps with codes, one of them after the set-up ends the password-only session.
  test.setTimeout(120_000);
  // A super admin creates the admin (through the API, as the User Management dialog does).
  await signInAs(page, 'superAdmin');
  const admin = { email: `mfa-${unique()}@lenslab.test`, password: 'Lenslab!Mfa2fa' };
  const created = await callRoute(request, 'createUser', await idTokenInPage(page), {
    ...admin,
    role: 'admin',
    firstName: 'Robin',
    lastName: 'Okafor',
  });
  expect(created.status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const adminPage = await context.newPage();
  await adminPage.goto('/auth/login');
  await signIn(adminPage, admin);

  // The setup step: readable at 375 px, accessible, and the session is not usable by the API yet.
  await expect(adminPage.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
  await expect(adminPage.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  await expect(adminPage.getByRole('link', { name: 'Open the setup link in your authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\//,
  );
  expect(await horizontalOverflow(adminPage)).toBe(0);
  expect(await seriousA11yViolations(adminPage)).toEqual([]);
  const refused = await callRoute(request, 'getAdminDashboard', await idTokenInPage(adminPage));
  expect(refused.status()).toBe(403);

  // A wrong first code is refused with a clear message; the right one finishes the sign-in.
  const shown = (await adminPage.getByLabel('Setup key', { exact: true }).inputValue()).replace(/\s/g, '');
  await adminPage.getByLabel('Authentication code').fill(await wrongCode(shown));
  await adminPage.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(adminPage.getByRole('alert')).toHaveText(WRONG_CODE_MESSAGE);
  const secret = await setUpTotp(adminPage);
  expect(secret).toBe(shown);
  await expect(adminPage).toHaveURL(/\/admin\/home$/);
  expect((await callRoute(request, 'getAdminDashboard', await idTokenInPage(adminPage))).status()).toBe(200);

  // Next time the password alone is not enough.
  await adminPage.getByRole('button', { name: /User menu for/ }).click();
  await adminPage.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(adminPage).toHaveURL(/\/auth\/login$/);
  // Sign-outs are recorded to the second (docs/decisions/0007-server-side-sign-out.md): no person is faster.
  await adminPage.waitForTimeout(1100);
  await signIn(adminPage, admin);
  await expect(adminPage.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  expect(await seriousA11yViolations(adminPage)).toEqual([]);
  await adminPage.getByLabel('Authentication code').fill(await wrongCode(secret));
  await adminPage.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(adminPage.getByRole('alert')).toHaveText(WRONG_CODE_MESSAGE);
  // The code that set the authenticator up is spent: the bridge, like Cognito, takes each code once.
  await enterTotpCode(adminPage, secret);
  await expect(adminPage).toHaveURL(/\/admin\/home$/);
  await context.close();
});
