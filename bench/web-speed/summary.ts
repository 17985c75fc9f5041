/**
 * What one Lighthouse run measured (read from its result), and the medians the bench prints.
 */
export type Preset = 'mobile' | 'desktop';

export interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  statusCode?: number;
}

/** The parts of Lighthouse's result this bench reads. */
export interface Lhr {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
}

export interface RunMetrics {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  jsFiles: number;
  cssBytes: number;
  cssFiles: number;
  requests: number;
  /** Same-origin script paths fetched (`assets/x.js`), to compare with the budget's static walk. */
  scripts: string[];
}

const SCRIPT_TYPES = new Set(['Script']);
const STYLE_TYPES = new Set(['Stylesheet']);

export function metricsOf(lhr: Lhr, origin: string): RunMetrics {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (audit: string) => {
    const v = lhr.audits[audit]?.numericValue;
    if (v === undefined) throw new Error(`Lighthouse gave no ${audit}`);
    return v;
  };
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as NetworkRequest[];
  const scripts = requests.filter((r) => SCRIPT_TYPES.has(r.resourceType ?? ''));
  const styles = requests.filter((r) => STYLE_TYPES.has(r.resourceType ?? ''));
  const bytes = (list: NetworkRequest[]) => list.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    jsBytes: bytes(scripts),
    jsFiles: scripts.length,
    cssBytes: bytes(styles),
    cssFiles: styles.length,
    requests: requests.length,
    scripts: scripts
      .filter((r) => r.url.startsWith(origin))
      .map((r) => new URL(r.url).pathname.slice(1))
      .sort(),
  };
}

export interface PageResult {
  site: 'portal' | 'peer';
  page: string;
  path: string;
  preset: Preset;
  runs: RunMetrics[];
}

export type Summary = Omit<RunMetrics, 'scripts'>;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs, on its own (as Lighthouse's own guidance reads repeated runs). */
export function summarize(runs: readonly RunMetrics[]): Summary {
  const of = (key: keyof Summary) => median(runs.map((r) => r[key]));
  return {
    performance: of('performance'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    jsBytes: of('jsBytes'),
    jsFiles: of('jsFiles'),
    cssBytes: of('cssBytes'),
    cssFiles: of('cssFiles'),
    requests: of('requests'),
  };
}

const KiB = (bytes: number) => (bytes / 1024).toFixed(1);
const ms = (value: number) => String(Math.round(value));

export const TABLE_HEADER = [
  'site',
  'page',
  'preset',
  'JS KiB (files)',
  'CSS KiB (files)',
  'requests',
  'perf',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
];

export function tableRow(result: PageResult): string[] {
  const s = summarize(result.runs);
  return [
    result.site,
    result.path,
    result.preset,
    `${KiB(s.jsBytes)} (${s.jsFiles})`,
    `${KiB(s.cssBytes)} (${s.cssFiles})`,
    String(s.requests),
    String(s.performance),
    ms(s.fcp),
    ms(s.lcp),
    ms(s.tbt),
    s.cls.toFixed(3),
  ];
}

/** A Markdown table (it reads in a terminal too), ready for docs/performance.md. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
