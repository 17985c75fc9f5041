import { beforeAll, describe, expect, test } from 'vitest';
import { TABLES, type TableDef } from '../../core/data/tables';
import { tableLogicalId } from '../../infra/constructs/data';
import { synthPortal, type SynthResult } from './support/synth-portal';
import { resourcesOf } from './support/template-walk';

let staging: SynthResult;
let prod: SynthResult;
beforeAll(() => {
  staging = synthPortal({ stage: 'staging', functionCode: 'placeholder' });
  prod = synthPortal({ stage: 'prod', functionCode: 'placeholder' });
});

const defs = Object.values(TABLES) as TableDef[];
const keySchema = (pk: { name: string }, sk?: { name: string }) => [
  { AttributeName: pk.name, KeyType: 'HASH' },
  ...(sk ? [{ AttributeName: sk.name, KeyType: 'RANGE' }] : []),
];

describe('DynamoDB tables (core/data/tables.ts, docs/architecture.md "Data: tables and keys")', () => {
  test('there is one table per table definition, and no other', () => {
    const ids = Object.keys(resourcesOf(staging.template, 'AWS::DynamoDB::Table')).sort();
    expect(ids).toEqual(defs.map(tableLogicalId).sort());
  });

  test('stateful logical ids are pinned: {TableDef.id}Table', () => {
    // Renaming one of these replaces the table (and its data) in CloudFormation: change them never.
    expect(defs.map(tableLogicalId)).toEqual([
      'UsersTable',
      'UserActivityTable',
      'CustomersTable',
      'ReferenceDataTable',
      'OrdersTable',
      'CountersTable',
      'LensesTable',
      'EmailTemplatesTable',
      'AccountRequestsTable',
      'InvoicesTable',
      'PaymentsTable',
      'CreditLedgerTable',
      'StatementsTable',
      'BillingProfilesTable',
      'WarrantyClaimsTable',
      'ConsultsTable',
      'AuditLogTable',
      'TokensTable',
      'EmailSuppressionsTable',
      'OutboxTable',
      'NotificationsTable',
      'WebhooksTable',
    ]);
  });

  test.each(defs.map((def) => [def.id, def] as const))('%s has its keys, indexes, TTL and stream', (_id, def) => {
    const table = resourcesOf(staging.template, 'AWS::DynamoDB::Table')[tableLogicalId(def)]!.Properties!;
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.KeySchema).toEqual(keySchema(def.partitionKey, def.sortKey));
    const indexes = (table.GlobalSecondaryIndexes as { IndexName: string; KeySchema: unknown }[] | undefined) ?? [];
    expect(indexes.map((i) => ({ IndexName: i.IndexName, KeySchema: i.KeySchema }))).toEqual(
      (def.indexes ?? []).map((i) => ({ IndexName: i.indexName, KeySchema: keySchema(i.partitionKey, i.sortKey) })),
    );
    if (def.ttlAttribute) {
      expect(table.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
    } else {
      expect(table.TimeToLiveSpecification).toBeUndefined();
    }
    expect(table.StreamSpecification).toEqual(def.stream ? { StreamViewType: def.stream } : undefined);
    // Every key attribute is declared with its type.
    const keys = [def.partitionKey, def.sortKey, ...(def.indexes ?? []).flatMap((i) => [i.partitionKey, i.sortKey])];
    for (const key of keys.filter((k) => k !== undefined)) {
      expect(table.AttributeDefinitions).toContainEqual({ AttributeName: key.name, AttributeType: key.type });
    }
  });

  test('the outbox streams every new item in full (its consumer reads the message) and expires delivered ones', () => {
    const outbox = resourcesOf(prod.template, 'AWS::DynamoDB::Table')[tableLogicalId(TABLES.outbox)]!.Properties!;
    expect(outbox.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    expect(outbox.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    const streamed = Object.entries(resourcesOf(prod.template, 'AWS::DynamoDB::Table')).filter(
      ([, table]) => table.Properties?.StreamSpecification,
    );
    expect(streamed.map(([id]) => id)).toEqual([tableLogicalId(TABLES.outbox)]);
  });

  test('prod tables have point-in-time recovery, deletion protection and are retained', () => {
    for (const [id, table] of Object.entries(resourcesOf(prod.template, 'AWS::DynamoDB::Table'))) {
      expect(table.Properties?.PointInTimeRecoverySpecification, id).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(table.Properties?.DeletionProtectionEnabled, id).toBe(true);
      expect(table.DeletionPolicy, id).toBe('Retain');
      expect(table.UpdateReplacePolicy, id).toBe('Retain');
    }
  });

  test('staging tables have neither PITR nor deletion protection and are deleted with the stack', () => {
    for (const [id, table] of Object.entries(resourcesOf(staging.template, 'AWS::DynamoDB::Table'))) {
      expect(table.Properties?.PointInTimeRecoverySpecification, id).toEqual({ PointInTimeRecoveryEnabled: false });
      expect(table.Properties?.DeletionProtectionEnabled, id).toBe(false);
      expect(table.DeletionPolicy, id).toBe('Delete');
    }
  });

  test('the same tables keep the same logical ids in every stage', () => {
    expect(Object.keys(resourcesOf(prod.template, 'AWS::DynamoDB::Table')).sort()).toEqual(
      Object.keys(resourcesOf(staging.template, 'AWS::DynamoDB::Table')).sort(),
    );
  });
});
