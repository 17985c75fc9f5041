/**
 * Restores one of a stage's tables to a point in time, into a NEW table (DynamoDB never restores in place),
 * and gives the new table what the stack gives its own: point-in-time recovery, deletion protection, the
 * table's TTL attribute, its stream (the outbox's) and the stack's tags. Switching the portal to it is a stage-config change and a deploy
 * (docs/runbook.md "Restoring a table").
 *
 *   npx tsx scripts/restore-table.ts --stage prod --table orders --at 2026-03-01T10:00:00Z [--dry-run]
 *   npx tsx scripts/restore-table.ts --stage prod --table orders --latest
 *
 * Options: --target <name> (default: <stack>-<Table>-restored-<time>), --source <physical name> (when the
 * lookup by stage finds more than one table), --region <region> (default: the AWS profile's). --dry-run makes
 * only read calls (the source's lookup and its restore window) and prints the requests it would send.
 *
 * Exit status: 0 restored (or planned, with --dry-run); 1 the restore failed; 2 bad arguments.
 */
import { describeError } from '../core/describe-error';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  RestoreTableToPointInTimeCommand,
  TagResourceCommand,
  UpdateContinuousBackupsCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type DescribeContinuousBackupsCommandOutput,
  type DescribeTableCommandOutput,
  type ListTablesCommandOutput,
  type RestoreTableToPointInTimeCommandInput,
  type RestoreTableToPointInTimeCommandOutput,
} from '@aws-sdk/client-dynamodb';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { TABLES, type TableDef, type TableName } from '../core/data/tables';
import { tableLogicalId } from '../infra/constructs/data';
import { portalStackName } from '../infra/stack-names';
import { stageDefinitions } from '../infra/stage-config';

export const USAGE_EXIT = 2;

/** A wrong or missing argument: printed with the usage, exit status 2. */
export class UsageError extends Error {}

export interface RestoreOptions {
  stage: string;
  table: TableName;
  /** The point in time to restore, or the latest restorable one (about five minutes ago). */
  at: Date | 'latest';
  target?: string;
  source?: string;
  region?: string;
  dryRun: boolean;
}

/** What the script sends DynamoDB: a DynamoDBClient, or a fake in the tests. */
export interface DynamoDbSender {
  send(command: object): Promise<unknown>;
}

export interface FollowUp {
  what: string;
  command: UpdateContinuousBackupsCommand | UpdateTableCommand | UpdateTimeToLiveCommand | TagResourceCommand;
}

export interface RestorePlan {
  source: string;
  target: string;
  window: { earliest: Date; latest: Date };
  request: RestoreTableToPointInTimeCommandInput;
  /** Sent once the new table is ACTIVE; the tag step needs its ARN, so it is built then. */
  followUps: (tableArn: string) => FollowUp[];
}

/** What DynamoDB accepts as a table name. */
export const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
/** The stages that run in AWS: every one but the local emulator stack. */
export const deployedStages = () => Object.keys(stageDefinitions({})).filter((stage) => stage !== 'local');

/** node:util's strict parseArgs, with its complaints (an unknown flag, a missing value) as UsageErrors. */
export function parseStrictArgs<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true as const }).values;
  } catch (error) {
    throw new UsageError(describeError(error).message);
  }
}

/** The table a script reads: a deployed stage's (looked up) or one named outright, never both. */
export function stageOrTable(values: {
  stage?: string | undefined;
  table?: string | undefined;
  region?: string | undefined;
}) {
  const { stage, table, region } = values;
  if (!stage === !table) throw new UsageError('Give either --stage <stage> or --table <table name>');
  if (stage && !deployedStages().includes(stage)) {
    throw new UsageError(`--stage must be one of ${deployedStages().join(', ')}`);
  }
  if (table && !TABLE_NAME.test(table)) {
    throw new UsageError('--table must be a DynamoDB table name (3-255 of A-Z a-z 0-9 _ . -)');
  }
  return { ...(stage && { stage }), ...(table && { table }), ...(region && { region }) };
}

/** The command line as options; every problem is a UsageError naming the argument. */
export function parseRestoreArgs(argv: readonly string[], now: Date = new Date()): RestoreOptions {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--dry-run' || arg === '--latest') {
      flags.add(arg);
      continue;
    }
    if (!['--stage', '--table', '--at', '--target', '--source', '--region'].includes(arg)) {
      throw new UsageError(`Unknown argument "${arg}"`);
    }
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
    values.set(arg, value);
    i += 1;
  }

  const stage = values.get('--stage');
  if (!stage || !deployedStages().includes(stage)) {
    throw new UsageError(`--stage must be one of ${deployedStages().join(', ')}`);
  }
  const table = values.get('--table');
  if (!table || !Object.hasOwn(TABLES, table)) {
    throw new UsageError(`--table must be one of ${Object.keys(TABLES).join(', ')}`);
  }
  const atText = values.get('--at');
  if (!atText === !flags.has('--latest')) throw new UsageError('Give either --at <ISO time> or --latest');
  let at: Date | 'latest' = 'latest';
  if (atText) {
    at = new Date(atText);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(atText) || isNaN(at.getTime())) {
      throw new UsageError('--at must be an ISO time with its zone, e.g. 2026-03-01T10:00:00Z');
    }
    if (at.getTime() > now.getTime()) throw new UsageError('--at is in the future');
  }
  for (const name of ['--target', '--source'] as const) {
    const value = values.get(name);
    if (value !== undefined && !TABLE_NAME.test(value)) {
      throw new UsageError(`${name} must be a DynamoDB table name (3-255 of A-Z a-z 0-9 _ . -)`);
    }
  }
  return {
    stage,
    table: table as TableName,
    at,
    dryRun: flags.has('--dry-run'),
    ...(values.has('--target') && { target: values.get('--target')! }),
    ...(values.has('--source') && { source: values.get('--source')! }),
    ...(values.has('--region') && { region: values.get('--region')! }),
  };
}

/** `20260301T1000Z`: the restore point in a table name. */
const stamp = (time: Date) => time.toISOString().replace(/[-:]/g, '').slice(0, 13) + 'Z';

/** The new table's name by default: the stack's table name with the restore point, e.g. `...-OrdersTable-restored-20260301T1000Z`. */
export function defaultTargetName(stage: string, table: TableName, restorePoint: Date): string {
  return `${portalStackName(stage)}-${tableLogicalId(TABLES[table])}-restored-${stamp(restorePoint)}`;
}

/**
 * The stage's table by its physical name. CloudFormation names a table `{stack}-{logical id}-{random}`, so it is
 * the one table with that prefix; a restored table (`...-restored-...`) is never the source by default.
 */
export async function findSourceTable(client: DynamoDbSender, stage: string, table: TableName): Promise<string> {
  const prefix = `${portalStackName(stage)}-${tableLogicalId(TABLES[table])}-`;
  const found: string[] = [];
  let start: string | undefined;
  do {
    const page = (await client.send(
      new ListTablesCommand({ ...(start && { ExclusiveStartTableName: start }) }),
    )) as ListTablesCommandOutput;
    found.push(...(page.TableNames ?? []).filter((name) => name.startsWith(prefix) && !name.includes('-restored-')));
    start = page.LastEvaluatedTableName;
  } while (start);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new Error(`No table named ${prefix}... in this account and region: check the AWS profile and --region`);
  }
  throw new Error(`Several tables match ${prefix}...: ${found.join(', ')}. Name one with --source.`);
}

/**
 * The table the stage's portal uses for `name`: the one named outright (--table), a restored copy the stage
 * config puts in its place, or the stack's own, looked up by its name.
 */
export async function stageTableOf(
  options: { stage?: string | undefined; table?: string | undefined },
  client: DynamoDbSender,
  name: TableName,
): Promise<string> {
  if (options.table) return options.table;
  const stage = options.stage!;
  return stageDefinitions({})[stage]?.data.restoredTables?.[name] ?? (await findSourceTable(client, stage, name));
}

const isNotFound = (error: unknown) => (error as { name?: string } | null)?.name === 'ResourceNotFoundException';

/** Looks the source up, checks the restore point is inside its recovery window and the target is free. */
export async function planRestore(
  options: RestoreOptions,
  client: DynamoDbSender,
  now: Date = new Date(),
): Promise<RestorePlan> {
  const source = options.source ?? (await findSourceTable(client, options.stage, options.table));
  const backups = (await client.send(
    new DescribeContinuousBackupsCommand({ TableName: source }),
  )) as DescribeContinuousBackupsCommandOutput;
  const pitr = backups.ContinuousBackupsDescription?.PointInTimeRecoveryDescription;
  if (
    pitr?.PointInTimeRecoveryStatus !== 'ENABLED' ||
    !pitr.EarliestRestorableDateTime ||
    !pitr.LatestRestorableDateTime
  ) {
    throw new Error(`${source} has no point-in-time recovery: restore from an AWS Backup recovery point instead`);
  }
  const window = { earliest: pitr.EarliestRestorableDateTime, latest: pitr.LatestRestorableDateTime };
  if (options.at !== 'latest' && (options.at < window.earliest || options.at > window.latest)) {
    throw new Error(
      `${options.at.toISOString()} is outside ${source}'s recovery window, ${window.earliest.toISOString()} to ${window.latest.toISOString()}`,
    );
  }
  const restorePoint = options.at === 'latest' ? now : options.at;
  const target = options.target ?? defaultTargetName(options.stage, options.table, restorePoint);
  try {
    await client.send(new DescribeTableCommand({ TableName: target }));
    throw new Error(`Table ${target} already exists: choose another --target`);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }

  const request: RestoreTableToPointInTimeCommandInput = {
    SourceTableName: source,
    TargetTableName: target,
    ...(options.at === 'latest' ? { UseLatestRestorableTime: true } : { RestoreDateTime: options.at }),
    // As the stack makes its tables: on demand, encrypted with the AWS-managed key.
    BillingModeOverride: 'PAY_PER_REQUEST',
    SSESpecificationOverride: { Enabled: true, SSEType: 'KMS' },
  };
  const { ttlAttribute: ttl, stream } = TABLES[options.table] as TableDef;
  const followUps = (tableArn: string): FollowUp[] => [
    {
      what: 'point-in-time recovery',
      command: new UpdateContinuousBackupsCommand({
        TableName: target,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      }),
    },
    {
      what: 'deletion protection',
      command: new UpdateTableCommand({ TableName: target, DeletionProtectionEnabled: true }),
    },
    ...(ttl
      ? [
          {
            what: `time to live on ${ttl}`,
            command: new UpdateTimeToLiveCommand({
              TableName: target,
              TimeToLiveSpecification: { AttributeName: ttl, Enabled: true },
            }),
          },
        ]
      : []),
    ...(stream
      ? [
          {
            what: `its stream (${stream})`,
            command: new UpdateTableCommand({
              TableName: target,
              StreamSpecification: { StreamEnabled: true, StreamViewType: stream },
            }),
          },
        ]
      : []),
    {
      what: 'tags',
      command: new TagResourceCommand({
        ResourceArn: tableArn,
        Tags: [
          { Key: 'project', Value: 'lenslab-portal' },
          { Key: 'stage', Value: options.stage },
          { Key: 'restored-from', Value: source },
          { Key: 'restore-point', Value: options.at === 'latest' ? 'latest' : options.at.toISOString() },
        ],
      }),
    },
  ];
  return { source, target, window, request, followUps };
}

export interface RunDeps {
  log: (line: string) => void;
  sleep: (ms: number) => Promise<void>;
  /** How often and how long to wait for the new table (a large table restores for hours). */
  pollMs?: number;
  maxWaitMs?: number;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** What --dry-run prints: the requests, in order, with the table's ARN left for DynamoDB to assign. */
export function describePlan(plan: RestorePlan, options: RestoreOptions): string[] {
  return [
    `Source: ${plan.source} (restorable from ${plan.window.earliest.toISOString()} to ${plan.window.latest.toISOString()})`,
    `RestoreTableToPointInTime:`,
    json(plan.request),
    `Then, once ${plan.target} is ACTIVE:`,
    ...plan
      .followUps('<the new table ARN>')
      .map(
        (step) =>
          `${step.command.constructor.name.replace(/Command$/, '')} (${step.what}):\n${json(step.command.input)}`,
      ),
    switchOverHint(plan, options),
  ];
}

function switchOverHint(plan: RestorePlan, options: RestoreOptions): string {
  return [
    `To switch the portal to it, set in infra/stage-config.ts (stage ${options.stage}):`,
    `  data: { ..., restoredTables: { ${options.table}: '${plan.target}' } }`,
    `and deploy: npm run deploy -- --stage ${options.stage}  (docs/runbook.md "Restoring a table").`,
  ].join('\n');
}

/** Starts the restore, waits for the new table, then sends the follow-ups. */
export async function runRestore(
  plan: RestorePlan,
  options: RestoreOptions,
  client: DynamoDbSender,
  deps: RunDeps,
): Promise<string> {
  const restored = (await client.send(
    new RestoreTableToPointInTimeCommand(plan.request),
  )) as RestoreTableToPointInTimeCommandOutput;
  const tableArn = restored.TableDescription?.TableArn;
  if (!tableArn) throw new Error('DynamoDB accepted the restore but named no table ARN');
  deps.log(`Restoring ${plan.source} into ${plan.target}; waiting for it to become ACTIVE...`);

  const pollMs = deps.pollMs ?? 20_000;
  const maxWaitMs = deps.maxWaitMs ?? 6 * 60 * 60 * 1000;
  for (let waited = 0; ; waited += pollMs) {
    const described = (await client.send(
      new DescribeTableCommand({ TableName: plan.target }),
    )) as DescribeTableCommandOutput;
    if (described.Table?.TableStatus === 'ACTIVE') break;
    if (waited >= maxWaitMs) {
      throw new Error(
        `${plan.target} is still ${described.Table?.TableStatus ?? 'unknown'} after ${Math.round(waited / 60_000)} minutes: run the remaining steps by hand once it is ACTIVE (see --dry-run)`,
      );
    }
    await deps.sleep(pollMs);
  }
  for (const step of plan.followUps(tableArn)) {
    await client.send(step.command);
    deps.log(`${plan.target}: ${step.what} set.`);
  }
  deps.log(switchOverHint(plan, options));
  return tableArn;
}

async function main(): Promise<void> {
  let options: RestoreOptions;
  try {
    options = parseRestoreArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `${error.message}\n\nUsage: npx tsx scripts/restore-table.ts --stage <stage> --table <table> (--at <ISO time> | --latest) [--target <name>] [--source <name>] [--region <region>] [--dry-run]`,
    );
    process.exit(USAGE_EXIT);
  }
  const client = new DynamoDBClient({ ...(options.region && { region: options.region }) });
  try {
    const plan = await planRestore(options, client);
    if (options.dryRun) {
      console.info('Dry run: nothing is restored or changed.');
      for (const line of describePlan(plan, options)) console.info(line);
      return;
    }
    await runRestore(plan, options, client, {
      log: (line) => console.info(line),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
  } catch (error) {
    console.error(`Restore failed: ${describeError(error).message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
