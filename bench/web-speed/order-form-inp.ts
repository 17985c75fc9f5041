/**
 * The order form's responsiveness as a user feels it: Interaction to Next Paint while a fitter keys a whole
 * two-eye scleral order, on a CPU slowed 4x (Lighthouse's mobile throttling).
 *
 * Every step is a real key press (selects are chosen with the keyboard: type-ahead and arrow keys), so each
 * one is an interaction the browser's Event Timing API measures. The page reports every interaction of
 * 16 ms or more (the API's floor); one that is not reported took less than that and counts as 16 ms, an
 * upper bound. INP is the 98th percentile of the interactions' longest events (web.dev's definition: the
 * worst interaction, ignoring one per 50).
 */
import { chromium, type Locator, type Page } from '@playwright/test';
import { CHROMIUM, chromiumFlags } from './lighthouse-runs';

export interface InpResult {
  interactions: number;
  /** How many the Event Timing API reported (took 16 ms or more). */
  reported: number;
  p98Ms: number;
  medianMs: number;
  maxMs: number;
  /** The slowest interactions, named by the step that caused them. */
  slowest: { step: string; ms: number }[];
}

const FLOOR_MS = 16;

/** One eye's scleral parameters, typed as a fitter types them. */
const SCLERAL_TYPED: [label: string, value: string][] = [
  ['Sagittal depth', '4250'],
  ['Diameter', '16.5'],
  ['Sphere', '-2.75'],
  ['Cylinder', '-1.25'],
  ['Axis', '90'],
  ['Limbal clearance', '100'],
];
const SCLERAL_CHOSEN = ['Landing zone', 'Material', 'Surface treatment'];

/** What the page's observer keeps of each event that belongs to an interaction. */
interface InpEntry {
  id: number;
  duration: number;
  at: number;
}

/** Collects every interaction's events from before the app's first script runs. */
const OBSERVE = `
  window.__inp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.interactionId) window.__inp.push({ id: e.interactionId, duration: e.duration, at: e.startTime });
    }
  }).observe({ type: 'event', durationThreshold: ${FLOOR_MS}, buffered: true });
`;

export async function measureOrderFormInp(options: {
  origin: string;
  email: string;
  password: string;
  cpuSlowdown?: number;
}): Promise<InpResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: chromiumFlags() });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${options.origin}/auth/login`);
    await page.getByLabel('Email').fill(options.email);
    await page.getByLabel('Password', { exact: true }).fill(options.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/customer\//);

    await page.addInitScript(OBSERVE);
    await page.goto(`${options.origin}/customer/order`);
    await page.getByLabel('Patient name or reference').waitFor({ timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown ?? 4 });

    const steps = await keyWholeOrder(page);
    // Let the last interaction's paint land before reading.
    await page.evaluate('new Promise((done) => requestAnimationFrame(() => setTimeout(done, 500)))');
    const entries = await page.evaluate<InpEntry[]>('window.__inp ?? []');
    return summarise(steps, entries);
  } finally {
    await browser.close();
  }
}

interface Step {
  name: string;
  /** The page's clock when the step began: reported interactions are matched to steps by it. */
  at: number;
}

async function keyWholeOrder(page: Page): Promise<Step[]> {
  const steps: Step[] = [];
  const now = () => page.evaluate<number>('performance.now()');
  const press = async (name: string, target: Locator, keys: string[]) => {
    await target.focus();
    for (const key of keys) {
      steps.push({ name, at: await now() });
      await page.keyboard.press(key);
    }
  };
  // Optional parameters are labelled "Cylinder (optional)".
  const field = (line: Locator, label: string) => line.getByLabel(new RegExp(`^${label}( \\(optional\\))?$`));
  const type = (name: string, target: Locator, text: string) =>
    press(
      name,
      target,
      [...text].map((c) => (c === ' ' ? 'Space' : c)),
    );

  await type('patient name', page.getByLabel('Patient name or reference'), 'Okafor-Lindqvist, Adaeze');
  for (const eye of ['OD', 'OS'] as const) {
    const line = page.getByRole('region', { name: new RegExp(eye) });
    const wanted = line.getByRole('checkbox', { name: /^Order a lens for/ });
    if (!(await wanted.isChecked())) await press(`${eye} on`, wanted, ['Space']);
    // Type-ahead on the design select: "Hor" picks Horizon Scleral and the form draws its parameters.
    await type(`${eye} design`, line.getByLabel(`Lens design, ${eye}`), 'Hor');
    await field(line, 'Sagittal depth').waitFor();
    for (const [label, value] of SCLERAL_TYPED) {
      await type(`${eye} ${label.toLowerCase()}`, field(line, label), value);
    }
    for (const label of SCLERAL_CHOSEN) {
      await press(`${eye} ${label.toLowerCase()}`, field(line, label), ['ArrowDown']);
    }
  }
  return steps;
}

function summarise(steps: Step[], entries: InpEntry[]): InpResult {
  const longest = new Map<number, { duration: number; at: number }>();
  for (const e of entries) {
    const seen = longest.get(e.id);
    if (!seen || e.duration > seen.duration) longest.set(e.id, { duration: e.duration, at: e.at });
  }
  const reported = [...longest.values()];
  const stepAt = (at: number) => [...steps].reverse().find((s) => s.at <= at + 1)?.name ?? 'before the first step';
  // A key press is one interaction (its keydown and keyup share an id): the ones not reported were faster.
  const durations = [
    ...reported.map((r) => r.duration),
    ...Array.from({ length: Math.max(0, steps.length - reported.length) }, () => FLOOR_MS),
  ].sort((a, b) => a - b);
  const percentile = (p: number) => durations[Math.min(durations.length - 1, Math.ceil(p * durations.length) - 1)]!;
  return {
    interactions: durations.length,
    reported: reported.length,
    // web.dev: the worst interaction, ignoring one for every 50.
    p98Ms: durations[durations.length - 1 - Math.floor(durations.length / 50)]!,
    medianMs: percentile(0.5),
    maxMs: durations[durations.length - 1]!,
    slowest: reported
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((r) => ({ step: stepAt(r.at), ms: r.duration })),
  };
}
