import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../local/seed/demo-data';

/** The local stack runs with LENSLAB_FIXED_CODE (playwright.config.ts): every emailed code is this one. */
const FIXED_CODE = '123456';

test.describe('auth journeys (spec 2 auth pages, spec 4 sign-up, spec 5 and 8 messages)', () => {
  test('forgot password: "Email is required", then "No account found with this email address"', async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email is required');
    await page.getByLabel('Email').fill('nobody@unknown-practice.test');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByRole('alert')).toHaveText('No account found with this email address');
  });

  test('forgot password for a known email goes on to the reset step', async ({ page }) => {
    const customer = DEMO_USERS.find((u) => u.key === 'secondPractice')!;
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  });

  test('sign-up: live password hints, required terms, email verification, then the account request page', async ({
    page,
  }) => {
    const email = `fitter-${Date.now()}@new-practice.test`;
    const password = 'Brand!New2025';
    await page.goto('/auth/sign-up');
    await page.getByLabel('First name').fill('Riley');
    await page.getByLabel('Last name').fill('Novak');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(
      page.getByRole('list', { name: 'Password requirements' }).getByText('a lowercase letter'),
    ).toContainText('(done)');
    await expect(
      page.getByRole('list', { name: 'Password requirements' }).getByText('at least 8 characters'),
    ).toContainText('(missing)');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('You must accept the Terms and Conditions')).toBeVisible();
    await expect(page.getByRole('link', { name: /Terms and Conditions/ }).first()).toHaveAttribute('target', '_blank');

    await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email\?email=/);

    await page.getByLabel('Verification code').fill(FIXED_CODE);
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?verified=1/);
    await expect(page.getByText('Your email address is verified. Please sign in.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // cognito-local leaves email_verified false after ConfirmSignUp (real Cognito sets it): the portal then asks
    // the signed-in user to verify the address once more (spec 4 EMAILNOTVERIFIED).
    await expect(page).toHaveURL(/\/auth\/(request|verify-email)/);
    if (page.url().includes('/auth/verify-email')) {
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.getByLabel('Verification code').fill(FIXED_CODE);
      await page.getByRole('button', { name: 'Verify email' }).click();
    }
    // A new practice has no verified account number yet (spec 4 ACCOUNTNUMBERNOTVERIFIED).
    await expect(page).toHaveURL(/\/auth\/request$/);
    await expect(page.getByRole('heading', { name: 'Account number not verified' })).toBeVisible();
  });
});
