import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The CI workflows (docs/deploy.md "Deploying from CI"), read as text: the repository host runs them, so what
 * can go wrong here is a wrong trigger, a stored key or a missing approval, and those show in the text.
 */
const read = (name: string) => readFileSync(join(process.cwd(), '.github', 'workflows', name), 'utf8');
const ci = read('ci.yml');
const deploy = read('deploy.yml');

/** The lines of one job (from `  name:` to the next job at the same indent). */
function job(workflow: string, name: string): string {
  const lines = workflow.split('\n');
  const start = lines.indexOf(`  ${name}:`);
  expect(start, name).toBeGreaterThan(-1);
  const end = lines.findIndex((line, i) => i > start && /^ {2}[a-z-]+:$/.test(line));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('CI workflows', () => {
  it('every push outside main and every pull request runs the whole suite; deploy.yml calls it for main and tags', () => {
    expect(ci).toMatch(/on:\n {2}push:\n {4}branches-ignore: \[main\]\n {2}pull_request:\n {2}workflow_call:/);
    expect(job(ci, 'test')).toContain('- run: npm ci\n      - run: npm test');
    expect(deploy).toMatch(/on:\n {2}push:\n {4}branches: \[main\]\n {4}tags: \['v\*'\]/);
    expect(job(deploy, 'test')).toContain('uses: ./.github/workflows/ci.yml');
  });

  it('main deploys staging and a tag deploys prod, each only after the tests passed', () => {
    const staging = job(deploy, 'staging');
    expect(staging).toContain("if: github.ref == 'refs/heads/main'");
    expect(staging).toContain('needs: test');
    expect(staging).toContain('npm run deploy -- --stage staging --ci');
    const prod = job(deploy, 'prod');
    expect(prod).toContain("if: startsWith(github.ref, 'refs/tags/v')");
    expect(prod).toContain('needs: test');
    expect(prod).toContain('npm run deploy -- --stage prod --ci');
    expect(prod).toContain('git merge-base --is-ancestor "$GITHUB_SHA" origin/main');
  });

  it('prod waits for a person: it runs in the production environment, whose reviewers approve it', () => {
    expect(job(deploy, 'prod')).toContain('environment: production');
    expect(job(deploy, 'staging')).toContain('environment: staging');
  });

  it('AWS access is by OIDC with a role from the environment variables, never a stored key', () => {
    for (const name of ['staging', 'prod']) {
      const text = job(deploy, name);
      expect(text).toContain('id-token: write');
      expect(text).toContain('role-to-assume: ${{ vars.AWS_DEPLOY_ROLE_ARN }}');
      expect(text).toContain('aws-region: ${{ vars.AWS_REGION }}');
    }
    for (const text of [ci, deploy]) {
      expect(text).not.toMatch(/secrets\./);
      expect(text).not.toMatch(/AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY|aws-access-key-id/);
    }
    // Nothing but the deploy jobs may ask for an identity token.
    expect(ci).not.toContain('id-token');
    expect(deploy.match(/id-token: write/g)).toHaveLength(2);
  });

  it('two deployments of one stage never run at once, and a running one is never canceled', () => {
    expect(job(deploy, 'staging')).toMatch(/group: deploy-staging\n {6}cancel-in-progress: false/);
    expect(job(deploy, 'prod')).toMatch(/group: deploy-prod\n {6}cancel-in-progress: false/);
  });
});
