/**
 * Page speed as a user meets it.
 *
 *   npm run bench:web                 (5 runs per page and preset)
 *   npm run bench:web -- --runs 1 --page /auth/login --preset mobile --no-peer
 *   npm run bench:web -- ... --keep-lhr   (also writes each run's whole Lighthouse result into bench/.out)
 *   npm run bench:web -- --page /customer/order --inp-only   (only the order form's INP while keying an order)
 *
 * Builds the portal into bench/.out/web (never web/dist), installs Lighthouse and the peer app from
 * bench/web-tools/package.json into bench/.out/web-tools and builds the peer there; starts an ephemeral local
 * stack (seeded; free ports) serving our build the way CloudFront serves it (Brotli/gzip, the runtime
 * config.json, immutable hashed assets: local/web-server.ts), and the peer from the same server code; then runs
 * Lighthouse N times per page and preset and prints the medians, plus how what the pages fetched compares
 * with `npm run budget`'s static walk, and the order form's Interaction to Next Paint while a two-eye scleral
 * order is keyed at 4x CPU slowdown (web-speed/order-form-inp.ts). Not part of `npm test`: timings depend on the machine and its load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildContentSecurityPolicy, TERMS_DOCUMENT_CSP } from '../infra/build-content-security-policy';
import { portsFrom } from '../local/ports';
import { DEMO_USERS } from '../local/seed/demo-data';
import { startLocalStack } from '../local/stack';
import { startWebServer } from '../local/web-server';
import { readBudgets } from '../scripts/page-budget';
import { pageFiles, readPageHtml, readViteBuild } from '../scripts/page-payload';
import { lighthouseRuns, type SignIn } from './web-speed/lighthouse-runs';
import { measureOrderFormInp, type InpResult } from './web-speed/order-form-inp';
import { markdownTable, TABLE_HEADER, tableRow, type PageResult, type Preset } from './web-speed/summary';
import { APP_DIST, buildApp, buildPeer, installTools, OUT, PEER_DIST } from './web-speed/tools';

const customer = DEMO_USERS.find((u) => u.email === 'fitter@brightview.test');
if (!customer) throw new Error('The seeded customer fitter@brightview.test is gone from local/seed/demo-data.ts');
const CUSTOMER: SignIn = { email: customer.email, password: customer.password, landsOn: '/customer' };

const PAGES: { name: string; path: string; signIn?: SignIn; peer?: boolean }[] = [
  { name: 'sign-in', path: '/auth/login', peer: true },
  { name: 'customer dashboard', path: '/customer/home', signIn: CUSTOMER },
  { name: 'order form', path: '/customer/order', signIn: CUSTOMER },
];
const PRESETS: Preset[] = ['mobile', 'desktop'];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    page: { type: 'string', multiple: true },
    preset: { type: 'string', multiple: true },
    'no-peer': { type: 'boolean', default: false },
    'keep-lhr': { type: 'boolean', default: false },
    'inp-only': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number of at least 1');
const pages = PAGES.filter((p) => !values.page || values.page.includes(p.path));
const presets = PRESETS.filter((p) => !values.preset || values.preset.includes(p));
if (pages.length === 0 || presets.length === 0) throw new Error(`--page is one of ${PAGES.map((p) => p.path)}`);

const started = performance.now();
const progress = (message: string) =>
  console.info(`[${((performance.now() - started) / 1000).toFixed(0)}s] ${message}`);

async function main(): Promise<void> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const withPeer = !values['no-peer'] && pages.some((p) => p.peer);
  installTools(progress);
  buildApp(progress);
  if (withPeer) buildPeer(progress);

  progress('Starting an ephemeral local stack serving bench/.out/web...');
  const stack = await startLocalStack({ ports: portsFrom(0, {}), seed: true, webDistDir: APP_DIST, jobs: false });
  const peer = withPeer
    ? await startWebServer({
        port: 0,
        distDir: PEER_DIST,
        apiUrl: stack.urls.api,
        config: () => stack.runtimeConfig,
        termsUrl: stack.runtimeConfig.termsUrl,
        // The policy the peer would get in AWS: its own origin and Cognito's.
        csp: {
          pages: buildContentSecurityPolicy({
            cognitoOrigin: 'https://cognito-idp.us-east-1.amazonaws.com',
            attachmentsOrigin: "'self'",
            upgradeInsecureRequests: false,
          }),
          termsDocument: TERMS_DOCUMENT_CSP,
        },
      })
    : undefined;

  const results: PageResult[] = [];
  const inp: InpResult[] = [];
  try {
    for (const page of values['inp-only'] ? [] : pages) {
      const sites = [
        { site: 'portal' as const, origin: stack.urls.web },
        ...(peer && page.peer ? [{ site: 'peer' as const, origin: peer.url }] : []),
      ];
      for (const preset of presets) {
        for (const { site, origin } of sites) {
          progress(`Lighthouse ${preset}, ${site} ${page.path}: ${RUNS} run(s)...`);
          const runs = await lighthouseRuns({
            url: `${origin}${page.path}`,
            preset,
            runs: RUNS,
            ...(page.signIn ? { signIn: page.signIn } : {}),
            ...(values['keep-lhr'] ? { keep: keepLhr(site, page.path, preset) } : {}),
          });
          results.push({ site, page: page.name, path: page.path, preset, runs });
        }
      }
    }
    if (pages.some((p) => p.path === '/customer/order')) {
      for (let run = 1; run <= Math.min(RUNS, 3); run += 1) {
        progress(`Order form INP while keying a two-eye scleral order at 4x CPU slowdown: run ${run}...`);
        inp.push(await measureOrderFormInp({ origin: stack.urls.web, ...CUSTOMER }));
      }
    }
  } finally {
    await peer?.close();
    await stack.stop();
  }

  const machine = `${(await import('node:os')).cpus().length} cores, ${process.platform}, Node ${process.version}`;
  console.info(`\nLighthouse medians of ${RUNS} run(s) (${new Date().toISOString().slice(0, 10)}, ${machine});`);
  console.info('JS and CSS as transferred (Brotli), requests of the whole load, signed-in pages with a warm session\n');
  if (results.length > 0) {
    console.info(markdownTable(TABLE_HEADER, results.map(tableRow)));
    compareWithBudget(results);
  }
  if (inp.length > 0) printInp(inp);

  mkdirSync(OUT, { recursive: true });
  const report = join(OUT, `web-speed-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(report, JSON.stringify({ runs: RUNS, machine, results, inp }, null, 2));
  console.info(`\nAll runs: ${report}`);
}

/** The order form's INP per run and their median, against the goal of 100 ms at the 98th percentile. */
function printInp(inp: InpResult[]): void {
  const p98s = inp.map((r) => r.p98Ms).sort((a, b) => a - b);
  const median = p98s[Math.floor((p98s.length - 1) / 2)]!;
  console.info(`\nOrder form INP, a two-eye scleral order keyed at 4x CPU slowdown (${inp.length} run(s)):`);
  for (const [i, r] of inp.entries()) {
    const slowest = r.slowest.map((s) => `${s.step} ${Math.round(s.ms)} ms`).join(', ');
    console.info(
      `  run ${i + 1}: ${r.interactions} interactions (${r.reported} of 16 ms or more), p98 ${Math.round(r.p98Ms)} ms, ` +
        `median ${Math.round(r.medianMs)} ms, max ${Math.round(r.maxMs)} ms; slowest: ${slowest}`,
    );
  }
  console.info(`  INP (median of the runs' p98): ${Math.round(median)} ms; goal at or under 100 ms`);
}

/** Writes one run's whole Lighthouse result next to the bench's summaries (open it in the Lighthouse viewer). */
function keepLhr(site: string, path: string, preset: Preset) {
  return (lhr: unknown, run: number) => {
    mkdirSync(OUT, { recursive: true });
    const name = `lhr-${site}${path.replace(/\//g, '-')}-${preset}-${run + 1}.json`;
    writeFileSync(join(OUT, name), JSON.stringify(lhr));
  };
}

/** What the page fetched against what `npm run budget` counts for it: a difference means the budget is blind. */
function compareWithBudget(results: PageResult[]): void {
  const build = readViteBuild(APP_DIST);
  const budgets = readBudgets();
  console.info('\nScripts fetched vs the budget walk (bench/bundle-budget.json):');
  for (const path of new Set(results.filter((r) => r.site === 'portal').map((r) => r.path))) {
    // Lighthouse does not use the page: a prerendered page is compared with what it fetches before its first
    // use; a signed-in page with what it has fetched once its session check has loaded too (the whole load).
    const budget =
      budgets.find((b) => b.path === path && b.when === 'with the session check') ??
      budgets.find((b) => b.path === path && !b.when);
    if (!budget) {
      console.info(`  ${path}: no budget`);
      continue;
    }
    const html = budget.html ? readPageHtml(build, budget.html) : undefined;
    const walked = new Set(pageFiles(build, budget.modules, html).js);
    const fetched = new Set(
      results.filter((r) => r.site === 'portal' && r.path === path).flatMap((r) => r.runs[0]!.scripts),
    );
    const missed = [...fetched].filter((f) => !walked.has(f));
    const unused = [...walked].filter((f) => !fetched.has(f));
    console.info(
      `  ${path}: ${walked.size} in the walk, ${fetched.size} fetched` +
        (missed.length ? `; fetched but not counted: ${missed.join(', ')}` : '') +
        (unused.length ? `; counted but not fetched: ${unused.join(', ')}` : ''),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
