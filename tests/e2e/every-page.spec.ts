import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { DEMO_CONSULTS } from '../../local/seed/demo-consults';
import { DEMO_ORDERS, ELEANOR_FIRST_FIT, demoInvoiceNumber } from '../../local/seed/demo-orders';
import { horizontalOverflow, nextFrames, screenshot, seriousA11yViolations } from './support/page-review';
import { demo, signInAs } from './support/portal';

/**
 * Every page of the portal (web/src/app/route-table.ts), and the dialogs that are a page's main work, as each
 * kind of user meets it: axe finds no serious or critical WCAG 2.1 A/AA problem, the page never scrolls
 * sideways at 375 px, and full-page screenshots at 375, 768 and 1280 px land in
 * test-results/screenshots/<page>-<width>.png for a person to look at. One sign-in per role; the detail
 * pages open seeded demo records, which no spec before this one changes.
 */

const SLOW = { timeout: 20_000 };
/** The phone width, where nothing may scroll sideways (wide tables scroll inside their own container). */
const NARROWEST = 375;
/** The narrowest last: the sideways-scroll check reads the page as the last width left it. */
const WIDTHS = [1280, 768, NARROWEST] as const;

type Role = 'visitor' | 'customer' | 'admin' | 'superAdmin';

interface PageUnderReview {
  /** The screenshots' file name: `<name>-<width>.png`. */
  name: string;
  path: string;
  /** The page's main heading (level 1), which says the page asked for is the one shown. */
  heading: string | RegExp;
  /** What else shows the page's content has arrived (a table's row, a form's field). */
  content?: (page: Page) => Locator;
  /** The dialog or panel that is the page's main work: the button that opens it and the dialog or region shown. */
  opens?: { button: string | RegExp; shows: (page: Page) => Locator };
}

const customer = demo('customer');
const ACCOUNT = customer.accountNumber ?? 'BV-1001';

/** Seeded records the detail pages open. */
const practiceConsults = DEMO_CONSULTS.flatMap((c) =>
  'practice' in c.request ? [{ consultId: c.request.practice.consultId, answered: Boolean(c.answer) }] : [],
);
const ANSWERED_CONSULT = practiceConsults.find((c) => c.answered)!.consultId;
const WAITING_CONSULT = practiceConsults.find((c) => !c.answered)!.consultId;
/** An order the lab has not acted on yet: the approval page offers every action. */
const WAITING_ORDER = DEMO_ORDERS.find((o) => o.submitted && !o.steps)!.orderId;
/** The shipped first fit and its invoice. */
const SHIPPED_INVOICE = demoInvoiceNumber(DEMO_ORDERS.find((o) => o.orderId === ELEANOR_FIRST_FIT)!)!;

/** A dialog (or a confirming alert dialog) by its title. */
const dialog = (name: string | RegExp) => (page: Page) =>
  page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));

const PAGES: Record<Role, PageUnderReview[]> = {
  visitor: [
    { name: 'login', path: '/auth/login', heading: /sign in/i },
    { name: 'sign-up', path: '/auth/sign-up', heading: /./ },
    { name: 'verify-email', path: `/auth/verify-email?email=${encodeURIComponent(customer.email)}`, heading: /./ },
    { name: 'forgot-password', path: '/auth/forgot-password', heading: /./ },
    {
      name: 'reset-password',
      path: `/auth/reset-password?email=${encodeURIComponent(customer.email)}`,
      heading: 'Choose a new password',
    },
    // A visitor is asked to sign in first; the form itself is for a signed-in practice without an account number.
    { name: 'account-request', path: '/auth/request', heading: /./ },
    { name: 'consultant-overview', path: '/ampleye-virtual-consultant', heading: 'Ampleye Virtual Consultant' },
    {
      name: 'consultant-troubleshooter',
      path: '/ampleye-virtual-consultant/troubleshooter',
      heading: 'Scleral fit troubleshooter',
      content: (p) => p.getByLabel('Lens design').locator('option[value="ampleye"]'),
    },
    {
      name: 'consultant-ask',
      path: '/ampleye-virtual-consultant/ask',
      heading: 'Ask a consultant',
      content: (p) => p.getByLabel('Practice name'),
    },
    { name: 'terms', path: '/terms', heading: 'Terms and Conditions' },
    { name: 'error-access-denied', path: '/error/access-denied', heading: 'Access Denied' },
    { name: 'not-found', path: '/no-such-page', heading: 'Not Found' },
  ],
  customer: [
    { name: 'customer-home', path: '/customer/home', heading: 'Dashboard' },
    { name: 'customer-order', path: '/customer/order', heading: /./, content: (p) => p.getByLabel(/Patient/).first() },
    { name: 'customer-order-detail', path: `/customer/orders/${ELEANOR_FIRST_FIT}`, heading: /^Order .+/ },
    {
      name: 'customer-payment',
      path: '/customer/payment',
      heading: 'Pay Online',
      content: (p) => p.getByRole('button', { name: /^Open invoice / }).first(),
    },
    {
      name: 'customer-invoice-detail',
      path: `/customer/payment?invoice=${SHIPPED_INVOICE}&account=${ACCOUNT}`,
      heading: 'Pay Online',
      content: dialog(`Invoice ${SHIPPED_INVOICE}`),
    },
    { name: 'customer-credit', path: '/customer/credit', heading: 'Lens Credit' },
    { name: 'customer-profile', path: '/customer/profile', heading: 'Profile' },
    { name: 'customer-people', path: '/customer/people', heading: 'People' },
    {
      name: 'customer-consults',
      path: '/customer/consults',
      heading: 'Consults',
      content: (p) => p.getByRole('link', { name: /^AVC-/ }).first(),
    },
    { name: 'customer-consult-new', path: '/customer/consults/new', heading: 'Ask a Consultant' },
    {
      name: 'customer-consult-detail',
      path: `/customer/consults/${ANSWERED_CONSULT}`,
      heading: /./,
      content: (p) => p.getByRole('link', { name: 'Order this' }),
    },
    {
      name: 'customer-settings',
      path: '/settings',
      heading: 'Settings',
      content: (p) => p.getByRole('combobox', { name: 'Order approved' }),
    },
    { name: 'customer-notifications', path: '/notifications', heading: 'Notifications' },
  ],
  admin: [
    { name: 'admin-home', path: '/admin/home', heading: 'Dashboard' },
    {
      name: 'admin-order-approval',
      path: '/admin/order-approval',
      heading: 'Order Approval',
      content: (p) => p.getByRole('table'),
    },
    { name: 'admin-order-approval-detail', path: `/admin/order-approval/${WAITING_ORDER}`, heading: /^Order .+/ },
    {
      name: 'admin-order-reject-dialog',
      path: `/admin/order-approval/${WAITING_ORDER}`,
      heading: /^Order .+/,
      opens: { button: 'Reject…', shows: dialog(/^Reject order/) },
    },
    { name: 'admin-warranty-claims', path: '/admin/warranty-claims', heading: 'Warranty Claims' },
    { name: 'admin-consults', path: '/admin/consults', heading: 'Consults', content: (p) => p.getByRole('table') },
    {
      name: 'admin-consult-detail',
      path: `/admin/consults/${WAITING_CONSULT}`,
      heading: /./,
      content: (p) => p.getByRole('button', { name: 'Send answer' }),
    },
    {
      name: 'admin-invoices',
      path: '/admin/invoices',
      heading: 'Invoices',
      content: (p) => p.getByRole('button', { name: /^Open invoice / }).first(),
    },
    {
      name: 'admin-invoice-detail',
      path: '/admin/invoices',
      heading: 'Invoices',
      content: (p) => p.getByRole('button', { name: `Open invoice ${SHIPPED_INVOICE}` }),
      opens: {
        button: `Open invoice ${SHIPPED_INVOICE}`,
        shows: (p) => p.getByRole('region', { name: `Invoice ${SHIPPED_INVOICE}` }),
      },
    },
    {
      name: 'admin-settings',
      path: '/settings',
      heading: 'Settings',
      content: (p) => p.getByRole('combobox', { name: 'New order' }),
    },
    { name: 'admin-notifications', path: '/notifications', heading: 'Notifications' },
  ],
  superAdmin: [
    { name: 'superadmin-home', path: '/admin/home', heading: 'Dashboard' },
    {
      name: 'user-management',
      path: '/admin/user-management',
      heading: 'User Management',
      content: (p) => p.getByRole('table'),
    },
    {
      name: 'user-management-customers',
      path: '/admin/user-management?tab=customers',
      heading: 'User Management',
      content: (p) => p.getByRole('table'),
    },
    {
      name: 'user-management-new-user',
      path: '/admin/user-management',
      heading: 'User Management',
      opens: { button: 'New user', shows: dialog('New user') },
    },
    {
      name: 'customer-management',
      path: '/admin/customer-management',
      heading: 'Customer Management',
      // The seeded practices are listed (the list reads them by status, in name order).
      content: (p) => p.getByRole('region', { name: 'Practices' }).getByText(ACCOUNT, { exact: true }),
    },
    {
      name: 'customer-management-practice',
      path: `/admin/customer-management?account=${ACCOUNT}`,
      heading: /./,
    },
    {
      name: 'customer-management-new-practice',
      path: '/admin/customer-management',
      heading: 'Customer Management',
      opens: { button: 'New practice', shows: dialog('New practice') },
    },
    {
      name: 'lens-management',
      path: '/admin/lens-management',
      heading: 'Lens Management',
      content: (p) => p.getByRole('table'),
    },
    {
      name: 'lens-management-new-design',
      path: '/admin/lens-management',
      heading: 'Lens Management',
      opens: { button: 'New lens design', shows: dialog('New lens design') },
    },
    { name: 'email-management', path: '/admin/email-management', heading: 'Email Management' },
    { name: 'consultant-settings', path: '/admin/consultant-settings', heading: 'Consultant Settings' },
    { name: 'production-settings', path: '/admin/production-settings', heading: 'Production Settings' },
    { name: 'webhooks', path: '/admin/webhooks', heading: 'Webhooks' },
    { name: 'audit', path: '/admin/audit', heading: 'Audit' },
  ],
};

const HOMES: Record<Exclude<Role, 'visitor'>, RegExp> = {
  customer: /\/customer\/home$/,
  admin: /\/admin\/home$/,
  superAdmin: /\/admin\/home$/,
};

/** A browser of its own for the role, signed in once for all of the role's pages. */
async function pageFor(browser: Browser, role: Role): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (role === 'visitor') return page;
  await signInAs(page, role, HOMES[role]);
  return page;
}

/** Waits until nothing on the page says it is still loading: a full-page screenshot is cut where the page ended. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByText(/Loading.*…|Checking your session/).filter({ visible: true })).toHaveCount(0, SLOW);
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0, SLOW);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, SLOW);
}

/**
 * Opens a path as an in-app link does (history push, which the router follows), so the app, the session and
 * the fetched data stay loaded between pages: the review is of the page, not of booting the app 45 times.
 * A fresh browser, or the same path again (where the last review left a dialog open), loads it.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const here = new URL(page.url());
  // A prerendered page nobody has used yet runs no app to follow the address (web/src/main.tsx).
  const noAppYet = (await page.locator('#root[data-prerendered]').count()) > 0;
  if (here.protocol === 'about:' || `${here.pathname}${here.search}` === path || noAppYet) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    const browser = globalThis as unknown as {
      history: { pushState(state: unknown, unused: string, url: string): void };
      dispatchEvent(event: unknown): boolean;
      PopStateEvent: new (type: string) => unknown;
    };
    browser.history.pushState(null, '', to);
    browser.dispatchEvent(new browser.PopStateEvent('popstate'));
  }, path);
}

const anyDialog = (page: Page) => page.getByRole('dialog').or(page.getByRole('alertdialog')).first();

/** axe's serious and critical findings as lines a person can act on, or nothing. */
const readable = (violations: string[]) => violations.map((v) => `\n  - ${v}`).join('');

for (const [role, pages] of Object.entries(PAGES) as [Role, PageUnderReview[]][]) {
  test.describe(`every ${role} page`, () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await pageFor(browser, role);
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    for (const under of pages) {
      test(`${under.name} (${under.path}): no serious axe findings, no sideways scroll at 375 px, screenshots at 375/768/1280 px`, async () => {
        await page.setViewportSize({ width: 1280, height: 900 });
        await openInApp(page, under.path);
        await expect(page.getByRole('heading', { level: 1, name: under.heading }).first()).toBeVisible(SLOW);
        if (under.content) await expect(under.content(page)).toBeAttached(SLOW);
        if (under.opens) {
          await page.getByRole('button', { name: under.opens.button }).first().click();
          await expect(under.opens.shows(page)).toBeVisible(SLOW);
        }
        await settled(page);

        const violations = await seriousA11yViolations(page);
        expect.soft(violations, `axe:${readable(violations)}`).toEqual([]);

        // A modal dialog is shown as the window shows it; a page from its top to its end.
        const fullPage = !(await anyDialog(page).isVisible());
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === NARROWEST ? 812 : 900 });
          await nextFrames(page);
          await screenshot(page, `${under.name}-${width}`, { fullPage });
        }
        expect.soft(await horizontalOverflow(page), `sideways scroll at ${NARROWEST} px`).toBe(0);
      });
    }
  });
}
