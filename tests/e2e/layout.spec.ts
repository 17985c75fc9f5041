import { expect, test, type Page } from '@playwright/test';
import { horizontalOverflow } from './support/page-review';
import { demo, mainMenu, screenshotForReview, sidebar, signIn, type PageGlobals } from './support/portal';

/** The sidebar's rendered width; polled, because the sidebar animates its width. */
const sidebarWidth = async (page: Page) => (await sidebar(page).boundingBox())?.width ?? -1;

/** spec 2: the sidebar choice kept in local storage. */
const rememberedCollapsed = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('sidebarCollapsed'));

async function signInAsCustomer(page: Page): Promise<void> {
  await page.goto('/auth/login');
  await signIn(page, demo('customer'));
  await expect(page).toHaveURL(/\/customer\/home$/);
}

test.describe('the signed-in layout (spec 2 "Layout for signed-in users", spec 9)', () => {
  test('the sidebar is 192 px open and 40 px collapsed, and the collapsed choice survives a reload', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsCustomer(page);
    await expect(sidebar(page)).toHaveAttribute('data-state', 'open');
    await expect.poll(() => sidebarWidth(page)).toBe(192);
    await expect(mainMenu(page).getByRole('link', { name: 'Order Form' })).toBeVisible();

    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => sidebarWidth(page)).toBe(40);
    // Collapsed: icons only, each still named for screen readers.
    await expect(mainMenu(page).getByRole('link', { name: 'Order Form' })).toHaveAttribute('title', 'Order Form');
    expect(await rememberedCollapsed(page)).toBe('true');

    await page.reload();
    await expect(page.getByText('Welcome back,')).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => sidebarWidth(page)).toBe(40);

    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(192);
    expect(await rememberedCollapsed(page)).toBe('false');
  });

  test('at 768 px or less the sidebar starts closed whatever was remembered; at 769 px it starts open', async ({
    page,
  }) => {
    // The user chose "open" on a wide screen before.
    await page.addInitScript(() =>
      (globalThis as unknown as PageGlobals).localStorage.setItem('sidebarCollapsed', 'false'),
    );
    await page.setViewportSize({ width: 768, height: 900 });
    await signInAsCustomer(page);
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => sidebarWidth(page)).toBe(40);

    await page.setViewportSize({ width: 769, height: 900 });
    await expect(sidebar(page)).toHaveAttribute('data-state', 'open');
    await expect.poll(() => sidebarWidth(page)).toBe(192);
  });

  test('at 375 px the mobile sidebar closes after navigating, and the dashboard never scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAsCustomer(page);
    await expect(page.getByText('Welcome back,')).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await screenshotForReview(page, 'layout-375-dashboard');
    expect(await horizontalOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'open');
    // The open mobile sidebar lies over the page at its full 192 px.
    await expect.poll(() => sidebarWidth(page)).toBe(192);
    await expect(sidebar(page).getByRole('combobox', { name: 'Account number' })).toBeVisible();
    await screenshotForReview(page, 'layout-375-sidebar-open');
    expect(await horizontalOverflow(page)).toBe(0);

    await mainMenu(page).getByRole('link', { name: 'Lens Credit' }).click();
    await expect(page).toHaveURL(/\/customer\/credit$/);
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(() => sidebarWidth(page)).toBe(40);
    await expect(page.getByRole('heading', { level: 1, name: 'Lens Credit' })).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('the account-number copy button copies the number and says "Copied!" for 3 seconds (spec 2, 9)', async ({
    page,
    context,
  }) => {
    const customer = demo('customer');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await signInAsCustomer(page);
    const copyButton = sidebar(page).getByRole('button', { name: `Copy account number ${customer.accountNumber}` });
    await expect(copyButton).toBeVisible();

    // From here on only the test moves the page's time.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await copyButton.click();
    const confirmation = sidebar(page).getByRole('status').filter({ hasText: 'Copied!' });
    await expect(confirmation).toBeVisible();
    await screenshotForReview(page, 'copy-confirmation');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText())).toBe(
      customer.accountNumber,
    );

    await page.clock.runFor(2_900);
    await expect(confirmation).toBeVisible();
    await page.clock.runFor(100);
    await expect(confirmation).toHaveCount(0);
    await expect(
      sidebar(page).getByRole('button', { name: `Copy account number ${customer.accountNumber}` }),
    ).toBeVisible();
  });
});
