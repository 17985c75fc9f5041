/**
 * The page budgets of bench/bundle-budget.json (set from measured numbers plus a small margin;
 * docs/performance.md "Bundle budgets"), and the check of a page's payload against its budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kib, sumOf, type PagePayload } from './page-payload';

export interface PageBudget {
  path: string;
  /**
   * The moment measured: unset, what the page fetches before it shows; "first use", what a prerendered page
   * fetches once the visitor starts using it (web/src/main.tsx); "with the session check", what a signed-in
   * page has fetched once the check that follows its first paint has loaded too (app/providers/kept-session.ts).
   */
  when?: 'first use' | 'with the session check';
  /** The page's own HTML file under the build (`auth/login/index.html`); index.html when unset. */
  html?: string;
  /** The route modules the router loads for this path (source paths relative to web/). */
  modules: string[];
  max: { jsGzipKiB: number; cssGzipKiB: number; files: number };
}

export const BUDGET_FILE = join('bench', 'bundle-budget.json');

export function readBudgets(file = BUDGET_FILE): PageBudget[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: PageBudget[] }).pages;
}

export interface PageCheck {
  page: PageBudget;
  payload: PagePayload;
  jsGzipKiB: number;
  cssGzipKiB: number;
  files: number;
  over: string[];
}

/** The page as the budget's report names it. */
export const budgetLabel = (page: PageBudget) => (page.when ? `${page.path} (${page.when})` : page.path);

export function checkPage(payload: PagePayload, page: PageBudget): PageCheck {
  const jsGzipKiB = kib(sumOf(payload.js, 'gzip'));
  const cssGzipKiB = kib(sumOf(payload.css, 'gzip'));
  const files = payload.js.length + payload.css.length;
  const over = [
    jsGzipKiB > page.max.jsGzipKiB && `JavaScript ${jsGzipKiB.toFixed(1)} KiB > ${page.max.jsGzipKiB} KiB`,
    cssGzipKiB > page.max.cssGzipKiB && `CSS ${cssGzipKiB.toFixed(1)} KiB > ${page.max.cssGzipKiB} KiB`,
    files > page.max.files && `${files} files > ${page.max.files}`,
  ].filter((reason): reason is string => typeof reason === 'string');
  return { page, payload, jsGzipKiB, cssGzipKiB, files, over };
}
