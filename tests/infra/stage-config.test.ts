import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, test } from 'vitest';
import { SESSION } from '../../core/constants';
import {
  LOG_RETENTION_DAYS,
  parseStageConfig,
  stageConfig,
  stageDefinitions,
  type StageConfigInput,
} from '../../infra/stage-config';

const staging = () => structuredClone(stageDefinitions({}).staging!) as StageConfigInput;
const prod = () => structuredClone(stageDefinitions({}).prod!) as StageConfigInput;

describe('stage config (docs/architecture.md "Stages and config")', () => {
  test('local, staging and prod are defined and valid', () => {
    for (const name of ['local', 'staging', 'prod']) expect(stageConfig(name, {}).stage).toBe(name);
  });

  test('only prod carries the production flag (spec 1: STAGING badge elsewhere)', () => {
    expect(stageConfig('prod', {}).production).toBe(true);
    expect(stageConfig('staging', {}).production).toBe(false);
    expect(stageConfig('local', {}).production).toBe(false);
  });

  test('session limits default to the spec 9 values', () => {
    expect(stageConfig('staging', {}).session).toEqual({
      inactivityTimeoutMs: SESSION.inactivityTimeoutMs,
      warningAfterMs: SESSION.warningAfterMs,
    });
  });

  test('account and region come from the CLI environment when set, and are optional', () => {
    const withEnv = stageConfig('staging', { CDK_DEFAULT_ACCOUNT: '123456789012', CDK_DEFAULT_REGION: 'eu-west-1' });
    expect(withEnv).toMatchObject({ account: '123456789012', region: 'eu-west-1' });
    const without = stageConfig('staging', {});
    expect(without.account).toBeUndefined();
    expect(without.region).toBeUndefined();
  });

  test('an unknown stage fails with the list of known stages', () => {
    expect(() => stageConfig('qa', {})).toThrow(
      'Unknown stage "qa". Known stages: local, staging, prod. Select one with -c stage=<name>.',
    );
    // Not an inherited property of a plain object either.
    expect(() => stageConfig('toString', {})).toThrow('Unknown stage "toString"');
  });

  test('an invalid config names the stage and every bad field', () => {
    const bad = staging();
    bad.email.from = 'not-an-email';
    bad.logRetentionDays = 42 as never;
    bad.session = { inactivityTimeoutMs: 1000, warningAfterMs: 2000 };
    bad.termsUrl = 'https://elsewhere.example/terms.pdf';
    let message = '';
    try {
      parseStageConfig(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid stage config "staging":/);
    expect(message).toContain('email.from');
    expect(message).toContain('logRetentionDays: must be one of 1, 3, 5');
    expect(message).toContain('session.warningAfterMs: warningAfterMs must be less than inactivityTimeoutMs');
    expect(message).toContain('termsUrl: must be a same-origin path to a PDF');
  });

  test('a production stage must retain data, keep PITR, deletion protection and backups, and not log debug', () => {
    const weak = prod();
    weak.data = { removalPolicy: 'destroy', pointInTimeRecovery: false, deletionProtection: false, backups: false };
    weak.logLevel = 'debug';
    expect(() => parseStageConfig(weak)).toThrow(/data\.removalPolicy: production data must be retained/);
    expect(() => parseStageConfig(weak)).toThrow(/data\.pointInTimeRecovery/);
    expect(() => parseStageConfig(weak)).toThrow(/data\.deletionProtection/);
    expect(() => parseStageConfig(weak)).toThrow(/data\.backups: production needs its AWS Backup plan/);
    expect(() => parseStageConfig(weak)).toThrow(/logLevel: debug logs are too verbose/);
  });

  test('a restored table is named by a known table and a DynamoDB table name', () => {
    const restored = prod();
    restored.data.restoredTables = { orders: 'LenslabPortal-prod-OrdersTable-restored-20260301T1000' };
    expect(parseStageConfig(restored).data.restoredTables).toEqual({
      orders: 'LenslabPortal-prod-OrdersTable-restored-20260301T1000',
    });
    restored.data.restoredTables = { order: 'x-table' } as never;
    expect(() => parseStageConfig(restored)).toThrow(/data\.restoredTables/);
    restored.data.restoredTables = { orders: 'no spaces please' };
    expect(() => parseStageConfig(restored)).toThrow(/data\.restoredTables\.orders: must be a DynamoDB table name/);
  });

  test('a production stage mails its alarms to someone; alarm addresses must be email addresses', () => {
    const silent = prod();
    silent.monitoring = { ...silent.monitoring, alarmEmails: [] };
    expect(() => parseStageConfig(silent)).toThrow(/monitoring\.alarmEmails: production needs at least one address/);
    const typo = staging();
    typo.monitoring = { ...typo.monitoring, alarmEmails: ['ops-at-lab'] };
    expect(() => parseStageConfig(typo)).toThrow(/monitoring\.alarmEmails\.0/);
    expect(parseStageConfig(staging()).monitoring.alarmEmails).toEqual([]);
  });

  test('an own domain needs a us-east-1 ACM certificate (CloudFront reads certificates only there)', () => {
    const withDomain = staging();
    withDomain.domain = {
      name: 'portal.lenslab.example',
      certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc-123',
    };
    expect(() => parseStageConfig(withDomain)).toThrow(
      /domain\.certificateArn: must be an ACM certificate ARN in us-east-1/,
    );
    withDomain.domain.certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123';
    expect(parseStageConfig(withDomain).domain?.name).toBe('portal.lenslab.example');
  });

  test('stage names stay short and lowercase (they name the stack and the attachments bucket)', () => {
    const bad = staging();
    bad.stage = 'Staging_Environment';
    expect(() => parseStageConfig(bad)).toThrow(/stage: must be 2-15 characters/);
  });

  test('every allowed log retention is a CloudWatch Logs retention period', () => {
    const cdkValues = new Set(Object.values(RetentionDays).filter((v) => typeof v === 'number'));
    for (const days of LOG_RETENTION_DAYS) expect(cdkValues.has(days)).toBe(true);
  });
});
