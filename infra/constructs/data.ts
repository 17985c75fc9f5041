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
 * Every table of core/data/tables.ts, on demand (ARCHITECTURE "Data"). Physical names are left to
 * CloudFormation so stages can share an account; Lambdas learn them through TABLE_* variables.
 */
export class Data extends Construct {
  readonly tables: Record<TableName, dynamodb.Table>;

  constructor(scope: Construct, id: string, { config }: DataProps) {
    super(scope, id);
    const entries = Object.entries(TABLES) as [TableName, TableDef][];
    this.tables = Object.fromEntries(entries.map(([name, def]) => [name, this.createTable(def, config)])) as Record<
      TableName,
      dynamodb.Table
    >;
  }

  private createTable(def: TableDef, config: StageConfig): dynamodb.Table {
    const table = new dynamodb.Table(this, def.id, {
      partitionKey: attribute(def.partitionKey),
      ...(def.sortKey && { sortKey: attribute(def.sortKey) }),
      ...(def.ttlAttribute && { timeToLiveAttribute: def.ttlAttribute }),
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
    {
      id: 'HIPAA.Security-DynamoDBInBackupPlan',
      reason:
        'Point-in-time recovery (35 days, to the second) is the backup of every production table, required by the stage config; an AWS Backup plan on top would be a second copy of the same data.',
    },
    ...(config.data.pointInTimeRecovery
      ? []
      : [
          { id: 'HIPAA.Security-DynamoDBPITREnabled', reason: withoutPitr },
          { id: 'AwsSolutions-DDB3', reason: withoutPitr },
        ]),
  ];
}
