/**
 * How the browser tests review a page as a person and a screen reader would meet it: the axe check, the
 * screenshots a person looks at, and whether the page scrolls sideways.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PageGlobals } from './portal';

/** Where the review screenshots go (git-ignored with the rest of test-results/). */
export const SCREENSHOT_DIR = join('test-results', 'screenshots');

/**
 * A screenshot for a person to look at (always taken: they are cheap and reviewed by eye). The whole page from
 * its top (a page scrolled first would show the sticky header halfway down), or with `fullPage: false` what
 * the window shows, for a dialog over the page.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (fullPage)
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
  // Transitions finish first: a page just resized would otherwise show its sidebar halfway to its new width.
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/**
 * Every rule axe-core runs by default on the page as it is: WCAG 2.0 to 2.2 A and AA (2.5.3 Label in Name among
 * them) and the best practices; the serious and critical findings, each with the elements it names (so a failure
 * says what to fix).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Frames are left out: the portal's only ones show an email preview (a script-less sandbox, where axe's
    // check never finishes and hangs the run) and the terms PDF, neither of them the portal's own markup.
    // Without frames axe runs in the page itself ("legacy" mode) instead of opening a second page to merge
    // the frames' results, which takes about half the time.
    .options({ iframes: false })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** How far the page scrolls sideways (0: it fits the viewport; wide content must scroll inside its container). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const { documentElement } = (globalThis as unknown as PageGlobals).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });

/** Two animation frames: the layout has followed a new viewport width (media queries, the tables' cards or rows). */
export const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const { requestAnimationFrame: frame } = globalThis as unknown as {
          requestAnimationFrame(callback: () => void): number;
        };
        frame(() => frame(() => resolve()));
      }),
  );
