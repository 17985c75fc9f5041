import { Aspects, NestedStack, Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, type INagLogger } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, test } from 'vitest';
import { synthPortal, type SynthResult } from './support/synth-portal';

/**
 * cdk-nag: the AWS Solutions and HIPAA Security rule packs run over the whole app of each
 * deployed stage, the parent stack and every nested stack (one per handler folder, one for the jobs). Every
 * finding is fixed or suppressed next to its resource with a reason (NagSuppressions.addResourceSuppressions);
 * none is suppressed for a whole stack.
 */

interface Finding {
  rule: string;
  level: string;
  path: string;
}
interface Suppression {
  rule: string;
  reason: string;
  path: string;
}
interface NagRun {
  result: SynthResult;
  /** Unsuppressed errors and warnings. */
  findings: Finding[];
  /** Rules that could not be evaluated (an unresolvable value): a finding nobody looked at. */
  failures: Finding[];
  suppressed: Suppression[];
  /** The stack (construct path) of every resource a pack looked at. */
  stacksChecked: Set<string>;
}

const ruleId = (data: { ruleId: string; findingId: string }) =>
  data.findingId ? `${data.ruleId}[${data.findingId}]` : data.ruleId;

/** Synthesizes a stage with both packs as aspects, collecting what they report (not just annotations). */
function nagRun(stage: 'staging' | 'prod'): NagRun {
  const run: Omit<NagRun, 'result'> = { findings: [], failures: [], suppressed: [], stacksChecked: new Set() };
  const checked = (resource: IConstruct) => run.stacksChecked.add(Stack.of(resource).node.path);
  const logger: INagLogger = {
    onCompliance: (data) => checked(data.resource),
    onNotApplicable: (data) => checked(data.resource),
    onNonCompliance: (data) => {
      checked(data.resource);
      run.findings.push({ rule: ruleId(data), level: data.ruleLevel, path: data.resource.node.path });
    },
    onSuppressed: (data) =>
      run.suppressed.push({ rule: ruleId(data), reason: data.suppressionReason, path: data.resource.node.path }),
    onError: (data) =>
      run.failures.push({
        rule: `${data.ruleId}: ${data.errorMessage}`,
        level: data.ruleLevel,
        path: data.resource.node.path,
      }),
    onSuppressedError: (data) =>
      run.suppressed.push({ rule: data.ruleId, reason: data.errorSuppressionReason, path: data.resource.node.path }),
  };
  const result = synthPortal({
    stage,
    functionCode: 'placeholder',
    beforeSynth: (app) => {
      Aspects.of(app).add(new AwsSolutionsChecks({ additionalLoggers: [logger], reports: false }));
      Aspects.of(app).add(new HIPAASecurityChecks({ additionalLoggers: [logger], reports: false }));
    },
  });
  return { ...run, result };
}

const runs = new Map<'staging' | 'prod', NagRun>();
beforeAll(() => {
  runs.set('staging', nagRun('staging'));
  runs.set('prod', nagRun('prod'));
});

const stages = [['staging'], ['prod']] as const;
const describeFinding = (f: Finding) => `${f.level} ${f.rule} at ${f.path}`;

describe('cdk-nag: AwsSolutions and HIPAA Security packs over every stack', () => {
  test.each(stages)('%s: no unsuppressed error or warning', (stage) => {
    expect(runs.get(stage)!.findings.map(describeFinding)).toEqual([]);
  });

  test.each(stages)('%s: every rule could be evaluated (no value it could not resolve)', (stage) => {
    expect(runs.get(stage)!.failures.map(describeFinding)).toEqual([]);
  });

  test.each(stages)('%s: the packs looked at the parent stack and at every nested stack', (stage) => {
    const { result, stacksChecked } = runs.get(stage)!;
    const nested = result.stack.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c));
    expect(nested.length).toBeGreaterThan(5);
    for (const stack of [result.stack, ...nested]) expect(stacksChecked, stack.node.path).toContain(stack.node.path);
  });

  test.each(stages)('%s: every suppression says why, in a sentence', (stage) => {
    const { suppressed } = runs.get(stage)!;
    expect(suppressed.length).toBeGreaterThan(0);
    for (const { rule, reason, path } of suppressed) {
      expect(reason.length, `${rule} at ${path}`).toBeGreaterThanOrEqual(60);
    }
  });

  test.each(stages)(
    '%s: no suppression is blanket: none sits on a stack, each on the resource it is about',
    (stage) => {
      const { result } = runs.get(stage)!;
      for (const { path, json } of result.stacks) {
        expect((json.Metadata as { cdk_nag?: unknown } | undefined)?.cdk_nag, path).toBeUndefined();
      }
    },
  );

  test('the fixes hold: the attachments bucket is versioned, logged and TLS-only in both stages', () => {
    for (const { findings, suppressed } of runs.values()) {
      const aboutAttachments = (rule: string) =>
        [...findings, ...suppressed].filter((f) => f.rule === rule && f.path.includes('/AttachmentsBucket/'));
      for (const rule of [
        'AwsSolutions-S1',
        'AwsSolutions-S10',
        'HIPAA.Security-S3BucketVersioningEnabled',
        'HIPAA.Security-S3BucketLoggingEnabled',
        'HIPAA.Security-S3BucketSSLRequestsOnly',
      ]) {
        expect(aboutAttachments(rule), rule).toEqual([]);
      }
    }
  });
});
