import { expect, test, type Browser, type Page } from '@playwright/test';
import { horizontalOverflow } from './support/page-review';
import { demo, setUpTotp, sidebar, signIn, signInAs } from './support/portal';
import { newCustomer, signUpNewCustomer } from './support/sign-up';

/**
 * Journeys of users and practices: account requests, user management, disabling a signed-in user and the profile.
 * The stack is shared by the whole run; every journey makes its own users (unique emails), so none changes
 * a seeded login another spec relies on, and the journeys may run in any order.
 */

/** A unique suffix, so a rerun against the same stack never collides with an earlier run's users. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * Checks the page at 375 px never scrolls sideways and, when E2E_SCREENSHOT_DIR is set, saves it at
 * 1280 and 375 px for a person to look at. Ends at 1280 px.
 */
async function reviewBothWidths(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    await page.waitForTimeout(250); // the sidebar and container queries settle
    if (dir) await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A second browser (its own cookies and storage), signed in as `who`, landing on `home`. A new lab staff member
 * first sets up their authenticator app (`setUpTotp`).
 */
async function signedInBrowser(
  browser: Browser,
  who: { email: string; password: string },
  home: RegExp,
  options: { setUpTotp?: boolean } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await signIn(page, who);
  if (options.setUpTotp) await setUpTotp(page);
  await expect(page).toHaveURL(home);
  return { context, page };
}

/**
 * Opens User Management from the menu (a click, not a reload: the session's activity record is written just
 * after sign-in) and creates a user with the new-user dialog.
 */
async function createUser(
  page: Page,
  user: { email: string; password: string; role: 'admin' | 'customer'; firstName: string; lastName: string },
) {
  await sidebar(page).getByRole('link', { name: 'User Management' }).click();
  await page.getByRole('tab', { name: user.role === 'customer' ? 'Customers' : 'Admins' }).click();
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill('weak');
  await expect(dialog.getByRole('list', { name: 'Password requirements' }).getByText('a number')).toContainText(
    '(missing)',
  );
  await dialog.getByLabel('Password', { exact: true }).fill(user.password);
  await dialog.getByLabel('First name (optional)').fill(user.firstName);
  await dialog.getByLabel('Last name (optional)').fill(user.lastName);
  await dialog.getByLabel('Role').selectOption(user.role);
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText(`User ${user.email} was created.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: /Search/ }).fill(user.email);
  await expect(page.getByRole('row', { name: new RegExp(user.email) })).toBeVisible();
}

test.describe('users and practices (spec 2 /auth/request and admin pages, spec 6, 7)', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1280, height: 900 }));

  test('(b) a super admin creates an admin, who signs in and sees the admin dashboard', async ({ page, browser }) => {
    await signInAs(page, 'superAdmin');

    const admin = {
      email: `desk-${unique()}@lenslab.test`,
      password: 'Lenslab!Desk2',
      role: 'admin' as const,
      firstName: 'Kim',
      lastName: 'Nakamura',
    };
    await createUser(page, admin);
    const row = page.getByRole('row', { name: new RegExp(admin.email) });
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await expect(row.getByText('Enabled')).toBeVisible();
    await reviewBothWidths(page, 'user-management-admins');

    const { context, page: adminPage } = await signedInBrowser(browser, admin, /\/admin\/home$/, { setUpTotp: true });
    await expect(adminPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // An admin is not a super admin: User Management is not in their menu.
    await expect(sidebar(adminPage).getByRole('link', { name: 'User Management' })).toHaveCount(0);
    await context.close();
  });

  test('(c) disabling a signed-in customer logs them out on their next request', async ({ page, browser }) => {
    await signInAs(page, 'superAdmin');
    const customer = {
      email: `throwaway-${unique()}@practice.test`,
      password: 'Throwaway!Pass3',
      role: 'customer' as const,
      firstName: 'Toni',
      lastName: 'Berg',
    };
    await createUser(page, customer);
    await reviewBothWidths(page, 'user-management-customers');

    // The new customer signs in elsewhere (a new practice user: terms first, then the account request).
    const { context, page: customerPage } = await signedInBrowser(browser, customer, /\/(terms|auth\/request)$/);

    const row = page.getByRole('row', { name: new RegExp(customer.email) });
    await row.getByRole('button', { name: `Actions for ${customer.email}` }).click();
    await page.getByRole('menuitem', { name: 'Disable…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disable user?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Disable user' }).click();
    await expect(page.getByText(`${customer.email} is disabled and was signed out.`)).toBeVisible();
    await expect(row.getByText('Disabled')).toBeVisible();

    // The customer's next request is refused (401): the portal logs them out (spec 8).
    if (/\/terms$/.test(customerPage.url())) {
      await customerPage.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
      await customerPage.getByRole('button', { name: 'Accept Terms' }).click();
    } else {
      await customerPage.getByRole('button', { name: 'Check status' }).click();
    }
    await expect(customerPage).toHaveURL(/\/auth\/login/);
    await context.close();
  });

  test('(d) the profile saves and shows the saved values after a reload', async ({ page }) => {
    const customer = demo('secondPractice');
    await page.goto('/auth/login');
    await signIn(page, customer);
    await expect(page).toHaveURL(/\/customer\/home$/);
    await sidebar(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(customer.email);
    await expect(page.getByRole('region', { name: 'Account numbers' })).toContainText('HV-2001');

    const phone = `(207) 555-${String(Date.now()).slice(-4)}`;
    await page.getByLabel('ZIP code (optional)').fill('not a zip!');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByLabel('ZIP code (optional)')).toHaveAccessibleDescription('Enter a valid ZIP code');

    await page.getByLabel('Phone (optional)').fill(phone);
    await page.getByLabel('Address (optional)').fill('15 Commercial Street');
    await page.getByLabel('Apt / suite (optional)').fill('Floor 2');
    await page.getByLabel('City (optional)').fill('Portland');
    await page.getByLabel('State (optional)').fill('ME');
    await page.getByLabel('ZIP code (optional)').fill('04101');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Your profile was saved.')).toBeVisible();
    await reviewBothWidths(page, 'customer-profile');

    await page.reload();
    await expect(page.getByLabel('Phone (optional)')).toHaveValue(phone);
    await expect(page.getByLabel('Apt / suite (optional)')).toHaveValue('Floor 2');
    await expect(page.getByLabel('ZIP code (optional)')).toHaveValue('04101');
  });

  test('(a) spec 4 sign-up of a new customer, spec 2 /auth/request account request, a super admin approves it in another browser, the customer reaches /customer/home with the account in the sidebar dropdown', async ({
    page,
    browser,
    request: api,
  }) => {
    const customer = newCustomer('practice');
    const practiceName = `ClearSight Optometry ${unique()}`;
    const accountNumber = `CS-${unique().toUpperCase().slice(-6)}`;

    // spec 4 sign-up: form, emailed code, first sign-in; a new practice lands on /auth/request (spec 2).
    await signUpNewCustomer(page, api, customer);

    // The user's own details are offered; field messages come from the shared schema, beside each field.
    await expect(page.getByLabel('Email')).toHaveValue(customer.email);
    await expect(page.getByLabel('Contact name')).toHaveValue(`${customer.firstName} ${customer.lastName}`);
    // A new sign-up has no company yet, so the practice name is the first field to fix.
    await expect(page.getByLabel('Practice name')).toHaveValue('');
    await page.getByRole('button', { name: 'Request account number' }).click();
    await expect(page.getByLabel('Practice name')).toHaveAccessibleDescription('Practice name is required');
    await expect(page.getByLabel('Practice name')).toBeFocused();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveAccessibleDescription('Phone is required');
    await expect(page.getByLabel('Buying group')).toHaveAccessibleDescription('Choose a buying group');
    await reviewBothWidths(page, 'auth-request-form');

    await page.getByLabel('Practice name').fill(practiceName);
    await page.getByLabel('Phone', { exact: true }).fill('(971) 555-0170');
    await page.getByLabel('Address', { exact: true }).fill('300 Liberty Street SE');
    await page.getByLabel('City').fill('Salem');
    await page.getByLabel('State', { exact: true }).fill('OR');
    await page.getByLabel('ZIP code').fill('97301');
    await page.getByLabel('State license number').fill('OR-OD-4471');
    await page.getByLabel('Buying group').selectOption({ label: 'IDOC' });
    await page.getByRole('button', { name: 'Request account number' }).click();
    await expect(page.getByText('Request received, waiting for the lab')).toBeVisible();

    // Revisiting shows the request's status, not the form again.
    await page.reload();
    await expect(page.getByText('Request received, waiting for the lab')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request account number' })).toHaveCount(0);
    await reviewBothWidths(page, 'auth-request-pending');

    // A super admin, in another browser, approves it with an account number.
    const { context, page: adminPage } = await signedInBrowser(browser, demo('superAdmin'), /\/admin\/home$/);
    await sidebar(adminPage).getByRole('link', { name: 'Customer Management' }).click();
    const request = adminPage
      .getByRole('list', { name: 'Pending account requests' })
      .getByRole('listitem')
      .filter({ hasText: practiceName });
    await expect(request).toContainText('IDOC');
    await reviewBothWidths(adminPage, 'customer-management');
    await request.getByRole('button', { name: `Approve the request of ${practiceName}` }).click();
    const approve = adminPage.getByRole('dialog', { name: 'Approve account request' });
    await approve.getByLabel('Account number').fill(accountNumber);
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText(`${practiceName} is approved with account ${accountNumber}`)).toBeVisible();
    await expect(request).toHaveCount(0);

    // The new practice is listed, and its detail shows the linked user.
    await adminPage.getByRole('searchbox', { name: 'Search practices' }).fill(accountNumber);
    await adminPage.getByRole('button', { name: new RegExp(`Open .*\\(${accountNumber}\\)`) }).click();
    await expect(adminPage.getByRole('heading', { name: practiceName, level: 1 })).toBeVisible();
    await expect(adminPage.getByRole('region', { name: /Linked users/ })).toContainText(customer.email);
    await reviewBothWidths(adminPage, 'customer-management-detail');
    await context.close();

    // The customer sees the approval and continues into the portal with the account in the sidebar.
    await page.getByRole('button', { name: 'Check status' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
    await reviewBothWidths(page, 'auth-request-approved');
    await page.getByRole('button', { name: 'Continue to the portal' }).click();
    await expect(page).toHaveURL(/\/customer\/home$/);
    const accountDropdown = sidebar(page).getByLabel('Account number', { exact: true });
    await expect(accountDropdown).toHaveValue(accountNumber);
    await expect(accountDropdown.getByRole('option')).toHaveText([accountNumber]);

    // Their next visit (a fresh page load of the request page) goes straight to the dashboard.
    await page.goto('/auth/request');
    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(sidebar(page).getByLabel('Account number', { exact: true })).toHaveValue(accountNumber);
  });
});
