import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { NagSuppressions, type NagPackSuppression } from 'cdk-nag';
import { Construct } from 'constructs';
import { TABLES, type KeyDef, type TableDef, type TableName } from '../../core/data/tables';
import { keepLogicalId } from '../keep-logical-id';
import { removalPolicyOf } from '../removal-policy';
import type { StageConfig } from '../stage-config';

export interface DataProps {
  config: StageConfig;
}

/** The CloudFormation logical id of a table: `{TableDef.id}Table`, fixed forever (see keepLogicalId). */
export function tableLogicalId(def: TableDef): string {
  return `${def.id}Table`;
}

const attribute = (key: KeyDef): dynamodb.Attribute => ({
  name: key.name,
  type: key.type === 'N' ? dynamodb.AttributeType.NUMBER : dynamodb.AttributeType.STRING,
});

/**
 * Every table of core/data/tables.ts, on demand (docs/architecture.md "Data: tables and keys"). Physical names are left to
 * CloudFormation so stages can share an account; Lambdas learn them through TABLE_* variables.
 */
export class Data extends Construct {
  /** The tables the portal uses: its own, or a restored one in its place (stage config `data.restoredTables`). */
  readonly tables: Record<TableName, dynamodb.ITable>;
  /** The stack's own tables, all of them, whether in use or replaced by a restored one. */
  readonly ownTables: Record<TableName, dynamodb.Table>;

  constructor(scope: Construct, id: string, { config }: DataProps) {
    super(scope, id);
    const entries = Object.entries(TABLES) as [TableName, TableDef][];
    this.ownTables = Object.fromEntries(entries.map(([name, def]) => [name, this.createTable(def, config)])) as Record<
      TableName,
      dynamodb.Table
    >;
    this.tables = Object.fromEntries(
      entries.map(([name, def]) => {
        const restored = config.data.restoredTables?.[name];
        return [name, restored ? this.restoredTable(def, restored) : this.ownTables[name]];
      }),
    ) as Record<TableName, dynamodb.ITable>;
  }

  /**
   * A table restored from a point in time (scripts/restore-table.ts) that the portal uses in place of its own.
   * It lives outside CloudFormation: the script gave it PITR, deletion protection, TTL, its stream and tags. Its
   * indexes are named so that grants cover them as they cover the stack's own table's. Its stream's ARN is not
   * known here (DynamoDB names a stream by the moment it was enabled), so no stream consumer reads a restored
   * outbox: the sweep job delivers its notices (docs/runbook.md "Outbox dead letters").
   */
  private restoredTable(def: TableDef, tableName: string): dynamodb.ITable {
    return dynamodb.Table.fromTableAttributes(this, `${def.id}Restored`, {
      tableName,
      globalIndexes: (def.indexes ?? []).map((index) => index.indexName),
    });
  }

  private createTable(def: TableDef, config: StageConfig): dynamodb.Table {
    const table = new dynamodb.Table(this, def.id, {
      partitionKey: attribute(def.partitionKey),
      ...(def.sortKey && { sortKey: attribute(def.sortKey) }),
      ...(def.ttlAttribute && { timeToLiveAttribute: def.ttlAttribute }),
      ...(def.stream && { stream: dynamodb.StreamViewType[def.stream] }),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: config.data.pointInTimeRecovery },
      deletionProtection: config.data.deletionProtection,
      removalPolicy: removalPolicyOf(config),
    });
    for (const index of def.indexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: attribute(index.partitionKey),
        ...(index.sortKey && { sortKey: attribute(index.sortKey) }),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }
    keepLogicalId(table, tableLogicalId(def));
    NagSuppressions.addResourceSuppressions(table, tableNagSuppressions(config));
    return table;
  }
}

/** cdk-nag findings on a table that are choices (tests/infra/cdk-nag.test.ts). */
function tableNagSuppressions(config: StageConfig): NagPackSuppression[] {
  const withoutPitr =
    'Only staging runs without point-in-time recovery: it holds test data rebuilt from the seed, and the stage config refuses a production stage without PITR.';
  return [
    ...(config.data.backups
      ? []
      : [
          {
            id: 'HIPAA.Security-DynamoDBInBackupPlan',
            reason:
              'Only staging runs without the AWS Backup plan: it holds test data rebuilt from the seed, and the stage config refuses a production stage without backups.',
          },
        ]),
    ...(config.data.pointInTimeRecovery
      ? []
      : [
          { id: 'HIPAA.Security-DynamoDBPITREnabled', reason: withoutPitr },
          { id: 'AwsSolutions-DDB3', reason: withoutPitr },
        ]),
  ];
}
