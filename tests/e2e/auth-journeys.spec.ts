import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../local/seed/demo-data';
import { callRoute, idTokenInPage } from './support/portal';
import {
  acceptTermsAndCreateAccount,
  fillSignUpForm,
  newCustomer,
  verifyEmailAndGoOnSignedIn,
} from './support/sign-up';

test.describe('auth journeys (spec 2 auth pages, spec 4 sign-up, spec 5 and 8 messages)', () => {
  test('forgot password: "Email is required"; an unknown email goes on like a known one (docs/decisions/0086-no-account-enumeration.md)', async ({
    page,
  }) => {
    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email is required');
    await page.getByLabel('Email').fill('nobody@unknown-practice.test');
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(
      page.getByText('If nobody@unknown-practice.test has an account, we sent a reset code to it.'),
    ).toBeVisible();
  });

  test('forgot password for a known email goes on to the reset step', async ({ page }) => {
    const customer = DEMO_USERS.find((u) => u.key === 'secondPractice')!;
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?email=/);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  });

  test('sign-up: live password hints, required terms, the emailed code verifies and the user goes on signed in (no second password entry) to the account request page (spec 4)', async ({
    page,
    request,
  }) => {
    const user = newCustomer();
    await fillSignUpForm(page, { ...user, password: 'short' });
    await expect(
      page.getByRole('list', { name: 'Password requirements' }).getByText('a lowercase letter'),
    ).toContainText('(done)');
    await expect(
      page.getByRole('list', { name: 'Password requirements' }).getByText('at least 8 characters'),
    ).toContainText('(missing)');

    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('You must accept the Terms and Conditions')).toBeVisible();
    await expect(page.getByRole('link', { name: /Terms and Conditions/ }).first()).toHaveAttribute('target', '_blank');

    await acceptTermsAndCreateAccount(page);
    await verifyEmailAndGoOnSignedIn(page, request, user.email);

    // spec 4 "Sign-up": the users record was created with the terms accepted, the role is customer.
    const answer = await callRoute(request, 'getMyProfile', await idTokenInPage(page));
    expect(answer.status()).toBe(200);
    const { result } = (await answer.json()) as {
      result: { profile: { email: string; termsAccepted: boolean; termsAcceptedDate?: string }; groups: string[] };
    };
    expect(result.profile.email).toBe(user.email);
    expect(result.profile.termsAccepted).toBe(true);
    expect(result.profile.termsAcceptedDate).toEqual(expect.any(String));
    expect(result.groups).toEqual(['customer']);
  });
});
