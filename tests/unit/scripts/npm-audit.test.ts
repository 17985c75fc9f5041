import { describe, expect, it } from 'vitest';
import { AUDIT_ARGS, auditOutcome } from '../../../scripts/npm-audit';

/** What npm 11 prints with --json, trimmed to the fields read. */
const report = (vulnerabilities: Record<string, object>, counts: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts },
      dependencies: { prod: 412, total: 1200 },
    },
  });

/** This machine's answer: the registry proxy allows only GET, and the audit is a POST. */
const REFUSED = JSON.stringify({
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
});

describe('npm audit step of npm test', () => {
  it('audits production dependencies only, failing from "high" up', () => {
    expect(AUDIT_ARGS).toEqual(['audit', '--omit=dev', '--audit-level=high', '--json']);
  });

  it('a high or critical advisory is a finding, listed by package with its advisory', () => {
    const outcome = auditOutcome(
      report(
        {
          jose: {
            name: 'jose',
            severity: 'high',
            via: [{ title: 'Resource exhaustion in JWE', url: 'https://github.com/advisories/GHSA-x' }],
          },
          'aws-amplify': { name: 'aws-amplify', severity: 'critical', via: ['@aws-amplify/core'] },
          semver: { name: 'semver', severity: 'moderate', via: [{ title: 'ReDoS' }] },
        },
        { high: 1, critical: 1, moderate: 1 },
      ),
    );
    expect(outcome).toEqual({
      kind: 'findings',
      lines: [
        'jose (high): Resource exhaustion in JWE https://github.com/advisories/GHSA-x',
        'aws-amplify (critical): via @aws-amplify/core',
      ],
    });
  });

  it('advisories below high do not fail the run, and are counted in the summary', () => {
    const outcome = auditOutcome(
      report({ semver: { name: 'semver', severity: 'moderate', via: [] } }, { moderate: 1 }),
    );
    expect(outcome).toEqual({
      kind: 'clean',
      summary: 'no high or critical advisory in 412 production dependencies (1 moderate, 0 low, 0 info)',
    });
  });

  it('an advisory endpoint that refuses the request (a GET-only proxy) is "could not run", never a pass', () => {
    expect(auditOutcome(REFUSED, 'npm error audit endpoint returned an error')).toEqual({
      kind: 'unavailable',
      reason: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
  });

  it('an unreachable registry (no DNS, offline) is "could not run"', () => {
    const offline = JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'request to registry failed' } });
    expect(auditOutcome(offline)).toEqual({ kind: 'unavailable', reason: 'request to registry failed' });
  });

  it('any other failure (no lockfile, no JSON at all) fails the run', () => {
    const noLock = JSON.stringify({
      error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' },
    });
    expect(auditOutcome(noLock)).toEqual({ kind: 'failed', reason: 'This command requires an existing lockfile.' });
    expect(auditOutcome('', 'npm error code E401\nnpm error Unable to authenticate')).toMatchObject({ kind: 'failed' });
  });
});
