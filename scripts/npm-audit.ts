/**
 * `npm audit --omit=dev --audit-level=high` for `npm test`: the production dependencies
 * must have no high or critical advisory. The audit asks the registry's advisory endpoint, which a machine
 * may not reach (offline, a proxy or mirror that allows only GET, as on the lab's build machine: "405 Method
 * Not Allowed - POST .../advisories/bulk"). That is reported as "could not run", never as a pass.
 *
 * Exit status: 0 no high or critical advisory; 1 advisories found (listed) or the audit failed for another
 * reason (no lockfile, ...); 2 the advisory endpoint could not be reached or refused the request.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const AUDIT_ARGS = ['audit', '--omit=dev', '--audit-level=high', '--json'] as const;
export const AUDIT_NOT_RUN_EXIT = 2;

export type AuditOutcome =
  | { kind: 'clean'; summary: string }
  | { kind: 'findings'; lines: string[] }
  | { kind: 'unavailable'; reason: string }
  | { kind: 'failed'; reason: string };

interface AuditReport {
  auditReportVersion: number;
  vulnerabilities: Record<
    string,
    { name: string; severity: string; via: (string | { title?: string; url?: string })[] }
  >;
  metadata: { vulnerabilities: Record<string, number>; dependencies?: { prod?: number; total?: number } };
}

interface AuditError {
  message?: string;
  statusCode?: number;
  code?: string;
  error?: { code?: string | null; summary?: string; detail?: string };
}

const BLOCKING = new Set(['high', 'critical']);
/** npm's codes for a registry it cannot reach (DNS, refused, reset, timed out). */
const NETWORK_CODES = /^(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ECONNABORTED)$/;

const isReport = (value: unknown): value is AuditReport =>
  typeof value === 'object' && value !== null && 'auditReportVersion' in value;

/** What an audit run means, from its JSON output (stdout) and what it wrote to stderr. */
export function auditOutcome(stdout: string, stderr = ''): AuditOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    const line = stderr.split('\n').find((l) => /error/i.test(l)) ?? stderr.trim().split('\n')[0] ?? '';
    return { kind: 'failed', reason: `npm audit gave no report${line ? `: ${line.trim()}` : ''}` };
  }
  if (isReport(parsed)) {
    const lines = Object.values(parsed.vulnerabilities)
      .filter((v) => BLOCKING.has(v.severity))
      .map((v) => {
        const advisories = v.via
          .map((via) => (typeof via === 'string' ? `via ${via}` : [via.title, via.url].filter(Boolean).join(' ')))
          .join('; ');
        return `${v.name} (${v.severity}): ${advisories}`;
      });
    if (lines.length > 0) return { kind: 'findings', lines };
    const counts = parsed.metadata.vulnerabilities;
    const below = ['moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
    return {
      kind: 'clean',
      summary: `no high or critical advisory in ${parsed.metadata.dependencies?.prod ?? '?'} production dependencies (${below})`,
    };
  }
  const error = (parsed ?? {}) as AuditError;
  const code = error.error?.code ?? error.code ?? '';
  const reason =
    error.message ?? error.error?.summary ?? (error.statusCode ? `HTTP ${error.statusCode}` : String(code || ''));
  const unreachable =
    error.statusCode !== undefined || NETWORK_CODES.test(code ?? '') || /audit endpoint/i.test(stderr);
  return unreachable ? { kind: 'unavailable', reason } : { kind: 'failed', reason: reason || 'npm audit failed' };
}

function main(): void {
  const run = spawnSync('npm', [...AUDIT_ARGS], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const outcome = auditOutcome(run.stdout ?? '', run.stderr ?? '');
  switch (outcome.kind) {
    case 'clean':
      console.info(`npm audit: ${outcome.summary}.`);
      return;
    case 'findings':
      console.error(`npm audit: ${outcome.lines.length} production dependencies with a high or critical advisory:`);
      for (const line of outcome.lines) console.error(`  ${line}`);
      console.error('Update them (npm update / npm install <package>@<fixed version>) or replace them.');
      process.exit(1);
      break;
    case 'unavailable':
      console.error(
        `npm audit: NOT RUN. The registry's advisory endpoint could not be reached or refused the request (${outcome.reason}). ` +
          'The dependencies were NOT checked for advisories; run `npm audit --omit=dev --audit-level=high` where the registry is reachable.',
      );
      process.exit(AUDIT_NOT_RUN_EXIT);
      break;
    case 'failed':
      console.error(`npm audit: FAILED (${outcome.reason}).`);
      process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
