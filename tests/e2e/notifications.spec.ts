import { expect, test, type Page } from '@playwright/test';
import { horizontalOverflow, nextFrames, screenshot, seriousA11yViolations } from './support/page-review';
import { signedInPage } from './support/portal';

/**
 * The notification centre as a practice meets it: the bell in the header counts what is unread (the demo
 * seed leaves Harbor Vision's user three unread notices: local/seed/demo-notifications.ts; no other journey changes
 * Harbor Vision's orders, so its count holds still while they run), the inbox marks items
 * read by opening one, one by one and all at once, and Settings turns a notice off. axe and the 375 px check on
 * the inbox and Settings; screenshots at 375 and 1440 px land in test-results/screenshots/.
 */

const SLOW = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications(, .+ unread)?$/ });
/** The bell's name for an unread count. */
const bellName = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/** The unread count the bell's name says (0 when it names none). */
async function bellCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);
}

/** Both widths, the narrow one checked for sideways scrolling; the page is left at 1440 px. */
async function reviewAtBothWidths(page: Page, name: string): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 375, height: 812 });
  await nextFrames(page);
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await nextFrames(page);
}

test('a practice reads and clears its bell, and turns a notice off in Settings', async ({ browser }) => {
  const page = await signedInPage(browser, 'secondPractice', { width: 1440, height: 900 });
  await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/, SLOW);
  const unread = await bellCount(page);
  expect(unread).toBeGreaterThanOrEqual(3);

  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(bell(page)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`${unread} unread`, { exact: true })).toBeVisible(SLOW);
  const unreadItems = page.getByRole('listitem').filter({ has: page.getByText('Unread', { exact: true }) });
  await expect(unreadItems).toHaveCount(unread);
  await reviewAtBothWidths(page, 'notifications-inbox');

  // Opening an unread item goes to what it is about and marks it read: the bell counts one fewer.
  const opened = unreadItems.first().getByRole('heading', { level: 2 }).getByRole('link');
  const link = (await opened.getAttribute('href')) ?? '';
  await opened.click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
  await expect(bell(page)).toHaveAccessibleName(bellName(unread - 1));

  // Back in the inbox, "Mark read" on the next one.
  await bell(page).click();
  await expect(unreadItems).toHaveCount(unread - 1);
  await page
    .getByRole('button', { name: /^Mark read: / })
    .first()
    .click();
  await expect(bell(page)).toHaveAccessibleName(bellName(unread - 2));
  await expect(page.getByText(`${unread - 2} unread`, { exact: true })).toBeVisible();

  // Mark all as read clears the bell.
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByText('All read', { exact: true })).toBeVisible();
  await expect(unreadItems).toHaveCount(0);
  // The server agrees: a fresh page finds nothing unread.
  await page.reload();
  await expect(page.getByText('All read', { exact: true })).toBeVisible(SLOW);
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // Settings: the warranty reminder turned off stays off.
  await page.goto('/settings');
  const warranty = page.getByRole('combobox', { name: 'Warranty ending soon' });
  await expect(warranty).toHaveValue('email', SLOW);
  await warranty.selectOption({ label: 'Off' });
  await page.getByRole('button', { name: 'Save notification choices' }).click();
  await expect(page.getByText('Your notification choices were saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save notification choices' })).toBeDisabled();
  await reviewAtBothWidths(page, 'notifications-settings');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Warranty ending soon' })).toHaveValue('off', SLOW);
});
