/**
 * The spec 4 sign-up steps the browser journeys share: a unique new customer, the sign-up form, the emailed
 * verification code, after which a new practice goes on signed in to /auth/request (spec 2).
 * Each step waits on what the user sees next, so the journeys need no fixed sleeps.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { codeIn, waitForEmail } from '../../support/mailbox';
import { mailboxUrl } from './portal';

export interface NewCustomer {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A customer no run has signed up before (the stack is shared by the whole run, and reruns never collide). */
export function newCustomer(prefix = 'fitter'): NewCustomer {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return {
    firstName: 'Riley',
    lastName: 'Novak',
    email: `${prefix}-${suffix}@new-practice.test`,
    password: 'Brand!New2025',
  };
}

/** Opens /auth/sign-up and fills in the names, email and password (the terms box stays unticked). */
export async function fillSignUpForm(page: Page, user: NewCustomer): Promise<void> {
  await page.goto('/auth/sign-up');
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
}

/** Ticks the required terms box and sends the form: the portal asks for the emailed code. */
export async function acceptTermsAndCreateAccount(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email\?email=/);
}

/**
 * spec 4: sign-up sends a verification email; the code is read from the SES emulator's mailbox, as a user
 * would (the stack's fixed code would pass too, but reading the email also checks it was sent). The code
 * confirmed, the new user goes on signed in without typing the password again: a new practice has no
 * verified account number yet (spec 4 ACCOUNTNUMBERNOTVERIFIED) and accepted the terms when signing up, so
 * /terms is skipped and the account request page opens (spec 4 home navigation, spec 2 /auth/request).
 */
export async function verifyEmailAndGoOnSignedIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  const verification = await waitForEmail(await mailboxUrl(request), email, (e) =>
    /verification code/i.test(e.subject),
  );
  await page.getByLabel('Verification code').fill(codeIn(verification));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page).toHaveURL(/\/auth\/request$/);
  await expect(page.getByRole('heading', { name: 'Account number not verified' })).toBeVisible();
}

/** The whole spec 4 sign-up of `user`, ending signed in on /auth/request. */
export async function signUpNewCustomer(page: Page, request: APIRequestContext, user: NewCustomer): Promise<void> {
  await fillSignUpForm(page, user);
  await acceptTermsAndCreateAccount(page);
  await verifyEmailAndGoOnSignedIn(page, request, user.email);
}
