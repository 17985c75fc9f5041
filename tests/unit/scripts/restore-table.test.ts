import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  ListTablesCommand,
  RestoreTableToPointInTimeCommand,
  TagResourceCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  defaultTargetName,
  describePlan,
  findSourceTable,
  parseRestoreArgs,
  planRestore,
  runRestore,
  UsageError,
  type DynamoDbSender,
  type RestoreOptions,
} from '../../../scripts/restore-table';

const NOW = new Date('2026-03-02T12:00:00Z');
const ORDERS = 'LenslabPortal-prod-OrdersTable-1A2B3C4D5E6F';
const TOKENS = 'LenslabPortal-prod-TokensTable-9Z8Y7X';
const ARN = 'arn:aws:dynamodb:eu-west-1:123456789012:table/restored';

/**
 * A fake DynamoDB: answers by command type, records every command sent. Tables listed in `existing` answer
 * DescribeTable; the restored table turns ACTIVE after `creatingPolls` polls.
 */
function fakeDynamo(
  options: { tables?: string[][]; existing?: string[]; creatingPolls?: number; pitr?: boolean } = {},
) {
  const sent: object[] = [];
  const pages = options.tables ?? [[ORDERS, TOKENS, 'LenslabPortal-staging-OrdersTable-QQQ']];
  let polls = 0;
  const client: DynamoDbSender = {
    send: async (command: object) => {
      sent.push(command);
      if (command instanceof ListTablesCommand) {
        const index = command.input.ExclusiveStartTableName ? Number(command.input.ExclusiveStartTableName) : 0;
        return {
          TableNames: pages[index],
          ...(index + 1 < pages.length && { LastEvaluatedTableName: String(index + 1) }),
        };
      }
      if (command instanceof DescribeContinuousBackupsCommand) {
        return {
          ContinuousBackupsDescription: {
            ContinuousBackupsStatus: 'ENABLED',
            PointInTimeRecoveryDescription:
              options.pitr === false
                ? { PointInTimeRecoveryStatus: 'DISABLED' }
                : {
                    PointInTimeRecoveryStatus: 'ENABLED',
                    EarliestRestorableDateTime: new Date('2026-01-26T12:00:00Z'),
                    LatestRestorableDateTime: new Date('2026-03-02T11:55:00Z'),
                  },
          },
        };
      }
      if (command instanceof DescribeTableCommand) {
        const name = command.input.TableName!;
        if (sent.some((c) => c instanceof RestoreTableToPointInTimeCommand)) {
          polls += 1;
          return {
            Table: { TableName: name, TableStatus: polls > (options.creatingPolls ?? 2) ? 'ACTIVE' : 'CREATING' },
          };
        }
        if ((options.existing ?? []).includes(name)) return { Table: { TableName: name, TableStatus: 'ACTIVE' } };
        throw Object.assign(new Error(`Requested resource not found: Table: ${name} not found`), {
          name: 'ResourceNotFoundException',
        });
      }
      if (command instanceof RestoreTableToPointInTimeCommand) {
        return {
          TableDescription: { TableName: command.input.TargetTableName, TableArn: ARN, TableStatus: 'CREATING' },
        };
      }
      return {};
    },
  };
  return { client, sent };
}

const options = (overrides: Partial<RestoreOptions> = {}): RestoreOptions => ({
  stage: 'prod',
  table: 'orders',
  at: new Date('2026-03-01T10:00:00Z'),
  dryRun: false,
  ...overrides,
});

describe('restore-table arguments', () => {
  it('reads the stage, the table, the point in time and the flags', () => {
    expect(
      parseRestoreArgs(['--stage', 'prod', '--table', 'orders', '--at', '2026-03-01T10:00:00Z', '--dry-run'], NOW),
    ).toEqual({ stage: 'prod', table: 'orders', at: new Date('2026-03-01T10:00:00Z'), dryRun: true });
    expect(
      parseRestoreArgs(
        [
          '--stage',
          'staging',
          '--table',
          'tokens',
          '--latest',
          '--target',
          'my-copy',
          '--source',
          'x-table',
          '--region',
          'eu-west-1',
        ],
        NOW,
      ),
    ).toEqual({
      stage: 'staging',
      table: 'tokens',
      at: 'latest',
      dryRun: false,
      target: 'my-copy',
      source: 'x-table',
      region: 'eu-west-1',
    });
  });

  it.each([
    [['--table', 'orders', '--latest'], '--stage must be one of staging, prod'],
    [['--stage', 'local', '--table', 'orders', '--latest'], '--stage must be one of staging, prod'],
    [['--stage', 'prod', '--table', 'order', '--latest'], '--table must be one of users,'],
    [['--stage', 'prod', '--table', 'orders'], 'Give either --at <ISO time> or --latest'],
    [['--stage', 'prod', '--table', 'orders', '--latest', '--at', '2026-03-01T10:00:00Z'], 'Give either'],
    [['--stage', 'prod', '--table', 'orders', '--at', '2026-03-01 10:00'], '--at must be an ISO time with its zone'],
    [['--stage', 'prod', '--table', 'orders', '--at', '2026-03-01T10:00:00'], '--at must be an ISO time with its zone'],
    [['--stage', 'prod', '--table', 'orders', '--at', '2026-04-01T10:00:00Z'], '--at is in the future'],
    [['--stage', 'prod', '--table', 'orders', '--latest', '--target', 'a b'], '--target must be a DynamoDB table name'],
    [['--stage', 'prod', '--table', 'orders', '--latest', '--force'], 'Unknown argument "--force"'],
    [['--stage', 'prod', '--table', '--latest'], '--table needs a value'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseRestoreArgs(argv, NOW)).toThrow(UsageError);
    expect(() => parseRestoreArgs(argv, NOW)).toThrow(message);
  });
});

describe('finding the stage table to restore', () => {
  it("is the one table named after the stage's stack and the table's logical id, across pages", async () => {
    const { client, sent } = fakeDynamo({ tables: [['LenslabPortal-staging-OrdersTable-QQQ'], [TOKENS, ORDERS]] });
    await expect(findSourceTable(client, 'prod', 'orders')).resolves.toBe(ORDERS);
    expect(sent.filter((c) => c instanceof ListTablesCommand)).toHaveLength(2);
  });

  it('an earlier restored copy is never taken for the source', async () => {
    const { client } = fakeDynamo({ tables: [[ORDERS, 'LenslabPortal-prod-OrdersTable-restored-20260101T0000Z']] });
    await expect(findSourceTable(client, 'prod', 'orders')).resolves.toBe(ORDERS);
  });

  it('no match or several matches stop it with a hint', async () => {
    await expect(findSourceTable(fakeDynamo({ tables: [[TOKENS]] }).client, 'prod', 'orders')).rejects.toThrow(
      'No table named LenslabPortal-prod-OrdersTable-... in this account and region',
    );
    await expect(
      findSourceTable(fakeDynamo({ tables: [[ORDERS, `${ORDERS}X`]] }).client, 'prod', 'orders'),
    ).rejects.toThrow('Name one with --source');
  });
});

describe('planning a restore', () => {
  it('restores into a new on-demand, encrypted table named after the restore point', async () => {
    const plan = await planRestore(options(), fakeDynamo().client, NOW);
    expect(plan.request).toEqual({
      SourceTableName: ORDERS,
      TargetTableName: 'LenslabPortal-prod-OrdersTable-restored-20260301T1000Z',
      RestoreDateTime: new Date('2026-03-01T10:00:00Z'),
      BillingModeOverride: 'PAY_PER_REQUEST',
      SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
    });
    expect(defaultTargetName('prod', 'orders', new Date('2026-03-01T10:00:00Z'))).toBe(plan.target);
  });

  it('--latest asks for the latest restorable time; --target and --source are used as given', async () => {
    const { client, sent } = fakeDynamo();
    const plan = await planRestore(
      options({ at: 'latest', target: 'orders-copy', source: 'given-source' }),
      client,
      NOW,
    );
    expect(plan.request).toMatchObject({
      SourceTableName: 'given-source',
      TargetTableName: 'orders-copy',
      UseLatestRestorableTime: true,
    });
    expect(plan.request.RestoreDateTime).toBeUndefined();
    expect(sent.some((c) => c instanceof ListTablesCommand)).toBe(false);
  });

  it('a point outside the recovery window is refused, naming the window', async () => {
    await expect(
      planRestore(options({ at: new Date('2026-01-01T00:00:00Z') }), fakeDynamo().client, NOW),
    ).rejects.toThrow(
      "2026-01-01T00:00:00.000Z is outside LenslabPortal-prod-OrdersTable-1A2B3C4D5E6F's recovery window, 2026-01-26T12:00:00.000Z to 2026-03-02T11:55:00.000Z",
    );
  });

  it('a table without point-in-time recovery is refused, pointing at AWS Backup', async () => {
    await expect(planRestore(options(), fakeDynamo({ pitr: false }).client, NOW)).rejects.toThrow(
      'has no point-in-time recovery: restore from an AWS Backup recovery point instead',
    );
  });

  it('an existing target table is never overwritten', async () => {
    const { client } = fakeDynamo({ existing: ['orders-copy'] });
    await expect(planRestore(options({ target: 'orders-copy' }), client, NOW)).rejects.toThrow(
      'Table orders-copy already exists',
    );
  });

  it('--dry-run prints the restore request and every follow-up, and sends nothing that writes', async () => {
    const { client, sent } = fakeDynamo();
    const opts = options({ dryRun: true, table: 'tokens' });
    const lines = describePlan(await planRestore(opts, client, NOW), opts).join('\n');
    expect(lines).toContain('"SourceTableName": "LenslabPortal-prod-TokensTable-9Z8Y7X"');
    expect(lines).toContain('UpdateContinuousBackups (point-in-time recovery)');
    expect(lines).toContain('UpdateTable (deletion protection)');
    expect(lines).toContain('"AttributeName": "expiresAt"');
    expect(lines).toContain("restoredTables: { tokens: 'LenslabPortal-prod-TokensTable-restored-20260301T1000Z' }");
    const writes = sent.filter(
      (c) =>
        !(
          c instanceof ListTablesCommand ||
          c instanceof DescribeContinuousBackupsCommand ||
          c instanceof DescribeTableCommand
        ),
    );
    expect(writes).toEqual([]);
  });
});

describe('running a restore', () => {
  it('restores, waits for ACTIVE, then sets PITR, deletion protection and tags like the stack (no TTL on orders)', async () => {
    const { client, sent } = fakeDynamo({ creatingPolls: 2 });
    const plan = await planRestore(options(), client, NOW);
    sent.length = 0;
    const log: string[] = [];
    const slept: number[] = [];
    const arn = await runRestore(plan, options(), client, {
      log: (line) => log.push(line),
      sleep: async (ms) => void slept.push(ms),
      pollMs: 10,
    });
    expect(arn).toBe(ARN);
    expect(sent.map((c) => c.constructor.name)).toEqual([
      'RestoreTableToPointInTimeCommand',
      'DescribeTableCommand',
      'DescribeTableCommand',
      'DescribeTableCommand',
      'UpdateContinuousBackupsCommand',
      'UpdateTableCommand',
      'TagResourceCommand',
    ]);
    expect(slept).toEqual([10, 10]);
    expect((sent[4] as UpdateContinuousBackupsCommand).input.PointInTimeRecoverySpecification).toEqual({
      PointInTimeRecoveryEnabled: true,
    });
    expect((sent[5] as UpdateTableCommand).input).toEqual({ TableName: plan.target, DeletionProtectionEnabled: true });
    expect((sent[6] as TagResourceCommand).input).toEqual({
      ResourceArn: ARN,
      Tags: [
        { Key: 'project', Value: 'lenslab-portal' },
        { Key: 'stage', Value: 'prod' },
        { Key: 'restored-from', Value: ORDERS },
        { Key: 'restore-point', Value: '2026-03-01T10:00:00.000Z' },
      ],
    });
    expect(log.at(-1)).toContain('npm run deploy -- --stage prod');
  });

  it('a table with a TTL attribute gets it back (the restore does not copy TTL)', async () => {
    const { client, sent } = fakeDynamo({ creatingPolls: 0 });
    const opts = options({ table: 'tokens' });
    await runRestore(await planRestore(opts, client, NOW), opts, client, {
      log: () => undefined,
      sleep: async () => undefined,
    });
    const ttl = sent.find((c) => c instanceof UpdateTimeToLiveCommand) as UpdateTimeToLiveCommand;
    expect(ttl.input.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
  });

  it('the outbox gets its stream of new items back (the restore does not copy a stream), and only the outbox', async () => {
    const restored = async (table: RestoreOptions['table']) => {
      const { client, sent } = fakeDynamo({
        creatingPolls: 0,
        tables: [[ORDERS, 'LenslabPortal-prod-OutboxTable-5G6H7J']],
      });
      const opts = options({ table });
      await runRestore(await planRestore(opts, client, NOW), opts, client, {
        log: () => undefined,
        sleep: async () => undefined,
      });
      return sent
        .filter((c): c is UpdateTableCommand => c instanceof UpdateTableCommand)
        .map((c) => c.input.StreamSpecification)
        .filter(Boolean);
    };
    expect(await restored('outbox')).toEqual([{ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' }]);
    expect(await restored('orders')).toEqual([]);
  });

  it('gives up waiting after maxWaitMs, saying what is left to do', async () => {
    const { client } = fakeDynamo({ creatingPolls: 100 });
    const plan = await planRestore(options(), client, NOW);
    await expect(
      runRestore(plan, options(), client, {
        log: () => undefined,
        sleep: async () => undefined,
        pollMs: 60_000,
        maxWaitMs: 180_000,
      }),
    ).rejects.toThrow('is still CREATING after 3 minutes: run the remaining steps by hand');
  });
});
