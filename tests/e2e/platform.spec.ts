import { expect, test, type Page } from '@playwright/test';
import { callRoute, demo, idTokenInPage, mainMenu, sidebar, signIn, signInAs } from './support/portal';

/** The lab's menu; a super admin's starts the same. */
const ADMIN_MENU = ['Dashboard', 'Order Approval', 'Invoices', 'Statements', 'Warranty Claims', 'Consults'];

test.describe('the portal platform (spec 2 routes and layout, spec 4 home navigation)', () => {
  test('the empty path opens the sign-in page (spec 2)', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page).toHaveTitle('Authentication | Lenslab Portal');
    await expect(page.getByRole('img', { name: /optical laboratory/i }).first()).toBeVisible();
  });

  test('the sign-in page fetches only its entry script until used; a sign-in sent before the app arrived is done once it has', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/app-*.js', async (route) => {
      await released;
      await route.continue();
    });

    await page.goto('/auth/login');
    await expect(page.locator('#root:not([inert])')).toBeAttached(); // the entry holds what the visitor does
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);

    const customer = demo('customer');
    await signIn(page, customer); // typed and sent while the app's main file is still on its way
    await expect(page.locator('form')).toHaveAttribute('aria-busy', 'true');
    expect(scripts.some((path) => /^\/assets\/app-/.test(path))).toBe(true);
    expect(page.url()).not.toContain(encodeURIComponent(customer.password)); // the browser did not send the form
    await expect(page).toHaveURL(/\/auth\/login$/);

    release();
    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();
  });

  test('every key typed while the app takes the sign-in page over reaches it', async ({ page }) => {
    // The app arrives while the visitor is still typing: some keys land before React owns the form, some after.
    await page.route('**/assets/app-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.goto('/auth/login');
    const customer = demo('customer');
    await page.getByLabel('Email').pressSequentially(customer.email, { delay: 40 });
    await page.getByLabel('Password', { exact: true }).pressSequentially(customer.password, { delay: 40 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/customer\/home$/);
  });

  test("when the app's file cannot be fetched, the sign-in page says so and offers a reload, after which the visitor signs in", async ({
    page,
  }) => {
    await page.route('**/assets/app-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/auth/login');
    const customer = demo('customer');
    await signIn(page, customer);
    await expect(page.getByRole('alert')).toHaveText(/could not load\. Check your connection/);
    await expect(page.locator('form')).not.toHaveAttribute('aria-busy', 'true');

    await page.unroute('**/assets/app-*.js');
    // Chromium keeps the failed files for the page's life: the alert's button loads the page afresh.
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not load' })).toHaveCount(0);
    await signIn(page, customer);
    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(page.getByRole('alert').filter({ hasText: 'could not load' })).toHaveCount(0);
  });

  test("a link pressed on the sign-in page is followed by the browser when the app's file cannot be fetched", async ({
    page,
  }) => {
    await page.route('**/assets/app-*.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-up$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a customer signs in and reaches their dashboard with data from getMyProfile and getCustomerInfo', async ({
    page,
  }) => {
    const customer = demo('customer');
    await page.goto('/');
    await signIn(page, customer);

    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(page).toHaveTitle('Dashboard | Lenslab Portal');
    await expect(sidebar(page).getByText(`${customer.firstName} ${customer.lastName}`)).toBeVisible();
    await expect(sidebar(page).getByText('Customer', { exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('combobox', { name: 'Account number' })).toHaveValue(customer.accountNumber!);
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();
    await expect(mainMenu(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Order Form',
      'Pay Online',
      'Lens Credit',
      'Consults',
      // Dana is Brightview's practice admin and a doctor (docs/decisions/0112-practice-roles.md).
      'People',
      'Profile',
    ]);
    await expect(page.getByText('STAGING')).toBeVisible();
  });

  test("a returning customer's dashboard is drawn from their last visit before Amplify, zod or the API are fetched, then refreshed", async ({
    page,
  }) => {
    const customer = demo('customer');
    await page.goto('/');
    await signIn(page, customer);
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();
    await page.waitForLoadState('networkidle'); // the fresh answers are kept for the next visit

    // Next visit: what only the session check needs is held back, and the page must show without it.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(/\/assets\/(amplify|zod)-[\w-]+\.js$/, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await released;
      await route.continue();
    });
    await page.goto('/customer/home');
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();
    await expect(page.getByRole('status').getByText('Updating your account…')).toBeVisible();
    // The check after the paint has asked for both and still waits for them; the page shows all the same.
    await expect.poll(() => held.map((path) => path.split('-')[0]).sort()).toEqual(['/assets/amplify', '/assets/zod']);
    await expect(page.getByText(`Welcome back, ${customer.firstName}.`)).toBeVisible();
    expect(requested.filter((path) => path.startsWith('/api/'))).toEqual([]);

    release();
    await expect(page.getByText('Updating your account…')).toHaveCount(0);
    await expect(sidebar(page).getByRole('combobox', { name: 'Account number' })).toBeEnabled();
    expect(requested).toContain('/api/getMyProfile');
  });

  test('switching account reloads the customer information for the chosen account (spec 2)', async ({ page }) => {
    const customer = demo('customer');
    await page.goto('/');
    await signIn(page, customer);
    await expect(page).toHaveURL(/\/customer\/home$/);

    const other = customer.accountNumbers![0]!;
    await sidebar(page).getByRole('combobox', { name: 'Account number' }).selectOption(other);
    await expect(sidebar(page).getByRole('combobox', { name: 'Account number' })).toHaveValue(other);
    await expect(page.getByRole('region', { name: 'Account' }).getByText(other, { exact: true })).toBeVisible();
  });

  test('an admin signs in to the admin dashboard and sees the admin menu only (spec 6: with Invoices and Warranty Claims)', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await expect(mainMenu(page).getByRole('link')).toHaveText(ADMIN_MENU);
    await expect(sidebar(page).getByText('Admin', { exact: true })).toBeVisible();
  });

  test('a super admin also sees User, Customer, Lens and Email Management, the settings, Machine Clients, Webhooks and Audit (spec 6)', async ({
    page,
  }) => {
    await signInAs(page, 'superAdmin');
    await expect(mainMenu(page).getByRole('link')).toHaveText([
      ...ADMIN_MENU,
      'User Management',
      'Customer Management',
      'Lens Management',
      'Email Management',
      'Consultant Settings',
      'Production Settings',
      'Machine Clients',
      'Webhooks',
      'Audit',
    ]);
    await expect(sidebar(page).getByText('Super Admin', { exact: true })).toBeVisible();
  });

  test('a guarded page sends a visitor to sign in and back afterwards (spec 2 returnUrl, spec 4 guard)', async ({
    page,
  }) => {
    await page.goto('/customer/credit');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fcustomer%2Fcredit$/);
    await signIn(page, demo('customer'));
    await expect(page).toHaveURL(/\/customer\/credit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lens Credit' })).toBeVisible();
  });

  test('a customer opening an admin page is sent home and told access is denied (spec 4)', async ({ page }) => {
    await page.goto('/auth/login?returnUrl=%2Fadmin%2Fhome');
    await signIn(page, demo('customer'));
    await expect(page).toHaveURL(/\/customer\/home$/);
    await expect(page.getByText(/Access denied/)).toBeVisible();
  });

  test('a customer without a verified account number goes to /auth/request (spec 4)', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, demo('unlinkedCustomer'));
    await expect(page).toHaveURL(/\/auth\/request$/);
    await expect(page.getByRole('heading', { name: 'Account number not verified' })).toBeVisible();
  });

  test('a wrong password reads "Incorrect email or password"', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, { ...demo('customer'), password: 'Not-the-password1!' });
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('Log Out in the user menu ends the session, and the server refuses its ID token afterwards (spec 2 header)', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/login');
    await signIn(page, demo('admin'));
    await expect(page).toHaveURL(/\/admin\/home$/);
    // The token the page had: a copy of it (a stolen one) must stop working once the user logs out.
    const idToken = await idTokenInPage(page);
    expect((await callRoute(request, 'getMyProfile', idToken)).status()).toBe(200);
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const afterLogout = await callRoute(request, 'getMyProfile', idToken);
    expect(afterLogout.status()).toBe(401);
    expect(((await afterLogout.json()) as { error: { status: string } }).error.status).toBe('unauthenticated');
    await page.goto('/admin/home');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  });

  test("any unknown path shows the error page titled 'Not Found' (spec 2)", async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveTitle('Not Found | Lenslab Portal');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  });

  test('the virtual consultant is public (spec 1, 2)', async ({ page }) => {
    await page.goto('/ampleye-virtual-consultant');
    await expect(page).toHaveTitle('Ampleye Virtual Consultant | Lenslab Portal');
    await expect(page.getByRole('heading', { name: 'Ampleye Virtual Consultant' })).toBeVisible();
  });
});

test.describe("the portal's Content-Security-Policy (the one CloudFront sends, served locally with local origins)", () => {
  /**
   * Chromium logs violations, in any frame (the sandboxed email preview too), as "...Content Security
   * Policy...". Some it only reports as a securitypolicyviolation event (a caught `new Function`), so the
   * page also logs those (a string: the node tsconfig has no DOM types).
   */
  async function recordViolations(page: Page): Promise<string[]> {
    await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
      console.error('Content Security Policy violation: ' + e.violatedDirective + ' by ' + e.sourceFile + ':' +
        e.lineNumber + ':' + e.columnNumber + ' (' + e.blockedURI + ')'));`);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    return violations;
  }

  async function signInWithPolicy(page: Page, key: 'customer' | 'superAdmin', home: RegExp) {
    const answer = await page.goto('/auth/login');
    // Without the header nothing could be reported, and the checks below would pass for nothing.
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signIn(page, demo(key));
    await expect(page).toHaveURL(home);
  }

  test('a customer signs in (Cognito), sees the dashboard and the order form with no CSP violation', async ({
    page,
  }) => {
    const violations = await recordViolations(page);
    await signInWithPolicy(page, 'customer', /\/customer\/home$/);
    await expect(page.getByRole('region', { name: 'Account' })).toBeVisible();
    await sidebar(page).getByRole('link', { name: 'Order Form' }).click();
    await expect(page).toHaveURL(/\/customer\/order$/);
    await expect(page.getByLabel('Patient name or reference')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('a super admin sees the admin dashboard and an email preview with no CSP violation', async ({ page }) => {
    const violations = await recordViolations(page);
    await signInWithPolicy(page, 'superAdmin', /\/admin\/home$/);
    await sidebar(page).getByRole('link', { name: 'Email Management' }).click();
    await expect(page.getByRole('heading', { name: 'Email Management' })).toBeVisible();
    const preview = page.frameLocator('iframe[title="Email preview"]').locator('body');
    await expect(preview).toContainText('for patient J. Doe from');
    // The email's one inline style (allowed by its hash) is applied, not refused.
    await expect(preview).toHaveCSS('font-family', 'sans-serif');
    expect(violations).toEqual([]);
  });
});
