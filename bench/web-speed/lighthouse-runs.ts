/**
 * Lighthouse (the bench's pinned install, bench/web-speed/tools.ts) on Debian's Chromium with the flags the
 * browser tests use (playwright.config.ts). Each batch gets a fresh browser profile; for a signed-in page the
 * user signs in through the page's own form first, so the session is warm as a returning user's is: the tokens
 * and the session answers the sign-in loaded (web/src/lib/session-snapshot.ts) are in local storage, which
 * Lighthouse keeps, and each run opens a new tab as a returning user does. The HTTP cache is cold (Lighthouse
 * clears it before every run), as after a release.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import playwrightConfig from '../../playwright.config';
import { metricsOf, type Lhr, type Preset, type RunMetrics } from './summary';
import { importTool } from './tools';

export interface SignIn {
  email: string;
  password: string;
  /** Where the app lands once signed in (a path prefix). */
  landsOn: string;
}

interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[]; userDataDir: string }): Promise<{
    port: number;
    kill(): void;
  }>;
}
interface PuppeteerPage {
  goto(url: string, options?: { waitUntil?: string; timeout?: number }): Promise<unknown>;
  waitForSelector(selector: string, options?: { timeout?: number }): Promise<unknown>;
  type(selector: string, text: string): Promise<void>;
  click(selector: string): Promise<void>;
  waitForFunction(fn: string, options?: { timeout?: number }): Promise<unknown>;
  waitForNetworkIdle(options?: { idleTime?: number; timeout?: number }): Promise<void>;
  close(): Promise<void>;
}
interface Puppeteer {
  connect(options: { browserURL: string; defaultViewport: null }): Promise<{
    newPage(): Promise<PuppeteerPage>;
    disconnect(): Promise<void>;
  }>;
}
type Lighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{ lhr: Lhr } | undefined>;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browser tests' Chromium flags, headless. */
export function chromiumFlags(): string[] {
  const args = playwrightConfig.use?.launchOptions?.args ?? [];
  return [...args, '--headless=new'];
}

/** Signs in through the page's own form in this browser, leaving the tokens in its local storage. */
async function signIn(port: number, origin: string, user: SignIn): Promise<void> {
  const puppeteer = (await importTool<{ default: Puppeteer }>('puppeteer-core/lib/esm/puppeteer/puppeteer-core.js'))
    .default;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/auth/login`, { waitUntil: 'load' });
    // The prerendered form shows at once but is inert until the entry holds what is typed and sent (web/src/main.tsx);
    // the typing itself starts the app loading.
    await page.waitForSelector('#root:not([inert]) input[type="email"]', { timeout: 30_000 });
    await page.type('input[type="email"]', user.email);
    await page.type('input[type="password"]', user.password);
    await page.click('button[type="submit"]');
    await page.waitForFunction(`location.pathname.startsWith(${JSON.stringify(user.landsOn)})`, { timeout: 30_000 });
    // The signed-in page writes the session's activity record as it settles; a tab closed before that leaves
    // no active session to restore, and the next load would be signed out.
    await page.waitForNetworkIdle({ idleTime: 1_000, timeout: 30_000 });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * `runs` Lighthouse runs of one page with one preset, in a browser of its own; throws when a run ends
 * anywhere but on the page asked for (a lost session would measure the sign-in page instead).
 */
export async function lighthouseRuns(options: {
  url: string;
  preset: Preset;
  runs: number;
  signIn?: SignIn;
  /** Given each run's whole Lighthouse result (`--keep-lhr`), to read what the metrics alone do not say. */
  keep?: (lhr: Lhr, run: number) => void;
}): Promise<RunMetrics[]> {
  const launcher = await importTool<ChromeLauncher>('chrome-launcher/dist/index.js');
  const lighthouse = (await importTool<{ default: Lighthouse }>('lighthouse/core/index.js')).default;
  const desktop = (await importTool<{ default: unknown }>('lighthouse/core/config/desktop-config.js')).default;
  const profile = mkdtempSync(join(tmpdir(), 'lenslab-lighthouse-'));
  const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: chromiumFlags(), userDataDir: profile });
  try {
    const origin = new URL(options.url).origin;
    if (options.signIn) await signIn(chrome.port, origin, options.signIn);
    const results: RunMetrics[] = [];
    for (let run = 0; run < options.runs; run++) {
      const answer = await lighthouse(
        options.url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        options.preset === 'desktop' ? desktop : undefined,
      );
      if (!answer) throw new Error(`Lighthouse gave no result for ${options.url}`);
      const landed = new URL(answer.lhr.finalDisplayedUrl).pathname;
      const wanted = new URL(options.url).pathname;
      if (landed !== wanted) throw new Error(`${options.url} ended on ${landed}: the page did not stay`);
      options.keep?.(answer.lhr, run);
      results.push(metricsOf(answer.lhr, origin));
    }
    return results;
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}
