import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../local/seed/demo-data';
import { codeIn, waitForEmail } from '../support/mailbox';
import { callRoute, idTokenInPage, mailboxUrl } from './support/portal';

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

  test('sign-up: live password hints, required terms, the emailed code verifies, then the account request page (spec 4)', async ({
    page,
    request,
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

    // spec 4: sign-up sends a verification email; the code is read from the mailbox, as a user would.
    const verification = await waitForEmail(await mailboxUrl(request), email, (e) =>
      /verification code/i.test(e.subject),
    );
    await page.getByLabel('Verification code').fill(codeIn(verification));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?verified=1/);
    await expect(page.getByText('Your email address is verified. Please sign in.')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A new practice has no verified account number yet (spec 4 ACCOUNTNUMBERNOTVERIFIED); sign-up accepted
    // the terms, so /terms is skipped (spec 4 home navigation).
    await expect(page).toHaveURL(/\/auth\/request$/);
    await expect(page.getByRole('heading', { name: 'Account number not verified' })).toBeVisible();

    // spec 4 "Sign-up": the users record was created with the terms accepted, the role is customer.
    const answer = await callRoute(request, 'getMyProfile', await idTokenInPage(page));
    expect(answer.status()).toBe(200);
    const { result } = (await answer.json()) as {
      result: { profile: { email: string; termsAccepted: boolean; termsAcceptedDate?: string }; groups: string[] };
    };
    expect(result.profile.email).toBe(email);
    expect(result.profile.termsAccepted).toBe(true);
    expect(result.profile.termsAcceptedDate).toEqual(expect.any(String));
    expect(result.groups).toEqual(['customer']);
  });
});
