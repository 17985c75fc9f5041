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
import { checkPage, readBudgets } from './page-budget';
import { BuildError, kib, pagePayload, readViteBuild } from './page-payload';

function main(): void {
  const { values } = parseArgs({ options: { dist: { type: 'string', default: join('web', 'dist') } } });
  const build = readViteBuild(values.dist!);
  const checks = readBudgets().map((page) => checkPage(pagePayload(build, page.modules), page));

  console.info(`What each page fetches before it shows (${values.dist}; gzip as served, KiB = 1,024 bytes)\n`);
  console.info(`${'page'.padEnd(18)} ${'JS'.padStart(16)} ${'CSS'.padStart(16)} ${'files'.padStart(10)}`);
  for (const c of checks) {
    const cell = (value: number, max: number) => `${value.toFixed(1)} / ${max}`.padStart(16);
    console.info(
      `${c.page.path.padEnd(18)} ${cell(c.jsGzipKiB, c.page.max.jsGzipKiB)} ${cell(c.cssGzipKiB, c.page.max.cssGzipKiB)} ${`${c.files} / ${c.page.max.files}`.padStart(10)}`,
    );
  }
  const largest = checks[0]?.payload.js.toSorted((a, b) => b.gzip - a.gzip).slice(0, 5) ?? [];
  if (checks[0]) {
    console.info(`\nlargest scripts of ${checks[0].page.path}:`);
    for (const f of largest) console.info(`  ${f.file.padEnd(60)} ${kib(f.gzip).toFixed(1).padStart(7)} KiB`);
  }
  const failures = checks.filter((c) => c.over.length > 0);
  for (const c of failures) console.error(`${c.page.path} is over its budget: ${c.over.join('; ')}`);
  if (failures.length > 0) process.exit(1);
}

try {
  main();
} catch (error) {
  if (!(error instanceof BuildError)) throw error;
  console.error(error.message);
  process.exit(1);
}
