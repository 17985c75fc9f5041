/**
 * `npm run budget` (and a step of `npm test`): for each page of bench/bundle-budget.json, the JavaScript and
 * CSS the browser really fetches before the page can show (scripts/page-payload.ts: what index.html names,
 * the page's route chunks and all they import), gzip-sized as served, and a non-zero exit when a page is over
 * its budget. Sizes only: they are the same on every machine, unlike timings (npm run bench:web).
 *
 *   npx tsx scripts/bundle-budget.ts [--dist bench/.out/web]     (default web/dist)
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { budgetLabel, checkPage, readBudgets } from './page-budget';
import { BuildError, kib, pagePayload, readPageHtml, readViteBuild } from './page-payload';

function main(): void {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: join('web', 'dist') } } });
  const build = readViteBuild(values.dist!);
  const checks = readBudgets().map((page) =>
    checkPage(pagePayload(build, page.modules, page.html ? readPageHtml(build, page.html) : undefined), page),
  );

  console.info(`What each page fetches before it shows (${values.dist}; gzip as served, KiB = 1,024 bytes)\n`);
  console.info(`${'page'.padEnd(42)} ${'JS'.padStart(16)} ${'CSS'.padStart(16)} ${'files'.padStart(10)}`);
  for (const c of checks) {
    const cell = (value: number, max: number) => `${value.toFixed(1)} / ${max}`.padStart(16);
    console.info(
      `${budgetLabel(c.page).padEnd(42)} ${cell(c.jsGzipKiB, c.page.max.jsGzipKiB)} ${cell(c.cssGzipKiB, c.page.max.cssGzipKiB)} ${`${c.files} / ${c.page.max.files}`.padStart(10)}`,
    );
  }
  // The sign-in page's app, as loaded on first use: the figure the page budgets care most about.
  const shown = checks.find((c) => c.page.when) ?? checks[0];
  const largest = shown?.payload.js.toSorted((a, b) => b.gzip - a.gzip).slice(0, 5) ?? [];
  if (shown) {
    console.info(`\nlargest scripts of ${budgetLabel(shown.page)}:`);
    for (const f of largest) console.info(`  ${f.file.padEnd(60)} ${kib(f.gzip).toFixed(1).padStart(7)} KiB`);
  }
  const failures = checks.filter((c) => c.over.length > 0);
  for (const c of failures) console.error(`${budgetLabel(c.page)} is over its budget: ${c.over.join('; ')}`);
  if (failures.length > 0) process.exit(1);
}

try {
  main();
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(error.message);
  process.exit(1);
}
