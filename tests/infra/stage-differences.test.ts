import { beforeAll, describe, expect, test } from 'vitest';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { resourcesOf } from './support/template-walk';

let staging: SynthResult;
let prod: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

/** Resources whose replacement would lose data or users: their logical ids are part of the contract. */
const STATEFUL_IDS = {
  'AWS::Cognito::UserPool': ['UserPool'],
  'AWS::S3::Bucket': ['AccessLogsBucket', 'AttachmentsBucket', 'TrailBucket', 'WebBucket'],
  'AWS::KMS::Key': ['TrailKey'],
} as const;

const lambdaEnv = (result: SynthResult, name: string) =>
  Object.values(resourcesOf(result.template, 'AWS::Lambda::Function'))
    .map((fn) => (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables)
    .filter((variables) => variables?.STAGE)
    .map((variables) => variables![name]);

describe('prod versus staging', () => {
  test.each([['staging'], ['prod']] as const)('%s keeps the stateful logical ids', (stage) => {
    const result = stage === 'staging' ? staging : prod;
    for (const [type, ids] of Object.entries(STATEFUL_IDS)) {
      expect(Object.keys(resourcesOf(result.template, type)).sort()).toEqual([...ids].sort());
    }
  });

  test('prod retains the user pool and the buckets; staging deletes them with the stack', () => {
    for (const [type, ids] of Object.entries(STATEFUL_IDS)) {
      for (const id of ids) {
        expect(resourcesOf(prod.template, type)[id]?.DeletionPolicy, id).toBe('Retain');
        expect(resourcesOf(staging.template, type)[id]?.DeletionPolicy, id).toBe('Delete');
      }
    }
  });

  test('only prod protects the user pool and the stack against deletion', () => {
    expect(resourcesOf(prod.template, 'AWS::Cognito::UserPool').UserPool?.Properties?.DeletionProtection).toBe(
      'ACTIVE',
    );
    expect(resourcesOf(staging.template, 'AWS::Cognito::UserPool').UserPool?.Properties?.DeletionProtection).toBe(
      'INACTIVE',
    );
    expect(prod.stack.terminationProtection).toBe(true);
    expect(staging.stack.terminationProtection).toBe(false);
  });

  test('prod keeps logs for a year and logs at info; staging keeps them 30 days and logs at debug', () => {
    const retention = (result: SynthResult) =>
      new Set(
        Object.values(resourcesOf(result.template, 'AWS::Logs::LogGroup')).map((g) => g.Properties?.RetentionInDays),
      );
    expect(retention(prod)).toEqual(new Set([365]));
    expect(retention(staging)).toEqual(new Set([30]));
    expect(new Set(lambdaEnv(prod, 'LOG_LEVEL'))).toEqual(new Set(['info']));
    expect(new Set(lambdaEnv(staging, 'LOG_LEVEL'))).toEqual(new Set(['debug']));
  });

  test('each stage is its own stack and tells its Lambdas which stage they are', () => {
    expect(prod.stack.stackName).toBe('LenslabPortal-prod');
    expect(staging.stack.stackName).toBe('LenslabPortal-staging');
    expect(new Set(lambdaEnv(prod, 'STAGE'))).toEqual(new Set(['prod']));
  });
});
