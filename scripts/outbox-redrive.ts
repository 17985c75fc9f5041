/**
 * Puts the outbox's dead notices back in the queue (docs/runbook.md "Outbox dead letters"): every notice parked
 * in the dead-letter store, or only those named with --id. Each goes back due now with its tries counted afresh,
 * and the deliverNotices job sends it within a minute, only to the recipients who do not have it yet. --list
 * prints the dead notices (id, topic, when, why) and changes nothing.
 *
 *   npm run outbox:redrive -- --stage prod [--list] [--id <messageId>]... [--region <region>]
 *   npm run outbox:redrive -- --table lenslab-local-Outbox [--list] [--id <messageId>]...
 *
 * --stage finds the stage's outbox as restore-table.ts does (or the restored table the stage config uses in its
 * place); --table names it (the local stack's, with its AWS_ENDPOINT_URL_DYNAMODB and credentials). It needs
 * dynamodb:Query on the outbox's byState index and dynamodb:UpdateItem on the table.
 *
 * Exit status: 0 done; 1 failed; 2 bad arguments.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { pathToFileURL } from 'node:url';
import { tableEnvVar } from '../core/data/tables';
import { describeError } from '../core/describe-error';
import { dynamoNoticeOutbox } from '../lambdas/adapters/dynamo-notice-outbox';
import { systemClock } from '../lambdas/kernel/clock';
import type { NoticeOutbox } from '../lambdas/ports/notice-outbox';
import { redriveDeadNotices } from '../lambdas/use-cases/notices';
import { parseStrictArgs, stageOrTable, stageTableOf, USAGE_EXIT, UsageError } from './restore-table';

export interface RedriveOptions {
  /** A deployed stage, whose outbox is looked up; or `table`, named outright. */
  stage?: string;
  table?: string;
  region?: string;
  /** Only these messages; every dead one when absent. */
  ids?: string[];
  /** Print the dead notices and change nothing. */
  list: boolean;
}

/** The command line as options; every problem is a UsageError naming the argument. */
export function parseRedriveArgs(argv: string[]): RedriveOptions {
  const values = parseStrictArgs(argv, {
    stage: { type: 'string' },
    table: { type: 'string' },
    region: { type: 'string' },
    id: { type: 'string', multiple: true },
    list: { type: 'boolean', default: false },
  });
  const ids = values.id?.map((id) => id.trim());
  if (ids?.some((id) => id === '')) throw new UsageError('--id needs a message id');
  if (ids && values.list) throw new UsageError('Give either --list or --id, not both: --list changes nothing');
  return {
    list: values.list,
    ...(ids && { ids: [...new Set(ids)] }),
    ...stageOrTable(values),
  };
}

/** The credentials a client can resolve: what DynamoDBClient's config gives (a profile, SSO, the environment). */
export interface ResolvedAwsConfig {
  config: {
    region: () => Promise<string>;
    credentials: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined }>;
  };
}

/**
 * What the Lambdas' DynamoDB adapter reads from the environment (lambdas/adapters/aws/aws-request.ts and
 * dynamo-client.ts): the region and keys the SDK found for this shell, and the outbox's table name. The adapter
 * signs its own requests and reads no profile, so the SDK resolves them once here.
 */
export async function adapterEnvironment(client: ResolvedAwsConfig, table: string): Promise<Record<string, string>> {
  const [region, credentials] = await Promise.all([client.config.region(), client.config.credentials()]);
  return {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    ...(credentials.sessionToken && { AWS_SESSION_TOKEN: credentials.sessionToken }),
    [tableEnvVar('outbox')]: table,
  };
}

/** Prints the dead notices, oldest first, one line each (no personal data: the notice itself stays unread). */
async function listDead(outbox: NoticeOutbox, log: (line: string) => void): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await outbox.listDead(100, cursor);
    for (const m of page.items) {
      log(`${m.messageId}  ${m.topic}  dead since ${m.dueAt} after ${m.attempts} tries: ${m.lastError ?? '?'}`);
    }
    count += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}

/** Lists or redrives as the options say; answers how many notices were listed or went back. */
export async function runRedrive(
  options: Pick<RedriveOptions, 'ids' | 'list'>,
  deps: { outbox: NoticeOutbox; now: () => Date; log: (line: string) => void },
): Promise<number> {
  if (options.list) {
    const count = await listDead(deps.outbox, deps.log);
    deps.log(`${count} dead notices.`);
    return count;
  }
  const back = await redriveDeadNotices(deps, options.ids);
  deps.log(`${back} dead notices went back in the queue; the deliverNotices job sends them within a minute.`);
  if (options.ids && back < options.ids.length) {
    deps.log(
      `${options.ids.length - back} of the named ids were not dead (sent, still being tried, or unknown): left as they were.`,
    );
  }
  return back;
}

async function main(): Promise<void> {
  let options: RedriveOptions;
  try {
    options = parseRedriveArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(
      `${error.message}\n\nUsage: npm run outbox:redrive -- (--stage <stage> | --table <table name>) [--list] [--id <messageId>]... [--region <region>]`,
    );
    process.exit(USAGE_EXIT);
  }
  const client = new DynamoDBClient({ ...(options.region && { region: options.region }) });
  try {
    const table = await stageTableOf(options, client, 'outbox');
    Object.assign(process.env, await adapterEnvironment(client, table));
    console.info(`Outbox: ${table}`);
    await runRedrive(options, {
      outbox: dynamoNoticeOutbox(),
      now: systemClock.now,
      log: (line) => console.info(line),
    });
  } catch (error) {
    console.error(`Redrive failed: ${describeError(error).message}`);
    process.exitCode = 1;
  } finally {
    client.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
